import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableQuery } from './data-table';

interface Fruit {
  id: number;
  name: string;
  colour: string;
}

const columns: DataTableColumn<Fruit>[] = [
  { id: 'name', header: 'Name', cell: (fruit) => fruit.name },
  { id: 'colour', header: 'Colour', cell: (fruit) => fruit.colour, className: 'hidden md:table-cell' },
  { id: 'actions', header: 'Actions', cell: () => <button type="button">Eat</button>, align: 'end' },
];

function state(change: Partial<DataTableQuery> = {}): DataTableQuery {
  return {
    isPending: false,
    isFetching: false,
    isLoadingError: false,
    error: null,
    refetch: vi.fn(() => Promise.resolve()),
    ...change,
  };
}

function renderTable(query: DataTableQuery, rows: Fruit[] | undefined, cols = columns) {
  render(
    <DataTable
      columns={cols}
      query={query}
      rows={rows}
      rowKey={(fruit) => fruit.id}
      caption="Fruit"
      empty="No fruit"
      failure="Failed to load fruit"
      loadingLabel="Loading fruit"
    />,
  );
  return screen.getByRole('table', { name: 'Fruit' });
}

/** The one cell of a status row: it must span every column. */
function statusCell(table: HTMLElement): HTMLElement {
  const body = table.querySelector('tbody') as HTMLElement;
  const cells = within(body).getAllByRole('cell');
  expect(cells).toHaveLength(1);
  return cells[0] as HTMLElement;
}

describe('DataTable', () => {
  it('renders a header and a row per item from the columns', () => {
    const table = renderTable(state(), [
      { id: 1, name: 'Apple', colour: 'red' },
      { id: 2, name: 'Lime', colour: 'green' },
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Colour', 'Actions']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Apple', 'red', 'Eat']);
    // A column's classes reach its header and its cells; align: 'end' lines both up at the end.
    expect(within(table).getByRole('columnheader', { name: 'Colour' })).toHaveClass(
      'hidden',
      'md:table-cell',
    );
    expect(within(rows[1] as HTMLElement).getByText('red')).toHaveClass('hidden', 'md:table-cell');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toHaveClass('text-end');
  });

  it('shows a spinner on the first load, across every column', () => {
    const table = renderTable(state({ isPending: true, isFetching: true }), undefined);
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(statusCell(table)).toHaveAttribute('colspan', '3');
    expect(within(table).getByText('Loading fruit')).toBeInTheDocument();
  });

  it('says when there is nothing, with the span following the number of columns', () => {
    const table = renderTable(state(), [], columns.slice(0, 2));
    expect(statusCell(table)).toHaveAttribute('colspan', '2');
    expect(statusCell(table)).toHaveTextContent('No fruit');
  });

  it('shows the failure with Retry, which fetches again', async () => {
    const query = state({ isLoadingError: true, error: new Error('boom') });
    const table = renderTable(query, undefined);
    expect(statusCell(table)).toHaveAttribute('colspan', '3');
    expect(within(table).getByText('Failed to load fruit')).toBeInTheDocument();
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable on a phone', () => {
  function phone() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(width < 48rem)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }

  it('shows each row as a card: every column labelled by its header, the actions at the bottom', () => {
    phone();
    render(
      <DataTable
        columns={columns}
        query={state()}
        rows={[
          { id: 1, name: 'Apple', colour: 'red' },
          { id: 2, name: 'Lime', colour: 'green' },
        ]}
        rowKey={(fruit) => fruit.id}
        caption="Fruit"
        empty="No fruit"
        failure="Failed to load fruit"
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Fruit' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const lime = cards[1] as HTMLElement;
    // A column the table hides below a breakpoint still has its line on a card.
    expect(
      within(lime)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Colour']);
    expect(
      within(lime)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Lime', 'green']);
    expect(within(lime).getByText('green')).not.toHaveClass('hidden');
    expect(within(lime).getByRole('button', { name: 'Eat' })).toBeInTheDocument();
  });

  it('shows the first load, the failure and the empty message as the one item of the list', async () => {
    phone();
    const query = state({ isLoadingError: true, error: new Error('boom') });
    const { rerender } = render(
      <DataTable
        columns={columns}
        query={query}
        rows={undefined}
        rowKey={(fruit) => fruit.id}
        caption="Fruit"
        empty="No fruit"
        failure="Failed to load fruit"
      />,
    );
    const list = screen.getByRole('list', { name: 'Fruit' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
    rerender(
      <DataTable
        columns={columns}
        query={state()}
        rows={[]}
        rowKey={(fruit) => fruit.id}
        caption="Fruit"
        empty="No fruit"
        failure="Failed to load fruit"
      />,
    );
    expect(within(list).getByRole('listitem')).toHaveTextContent('No fruit');
  });
});
