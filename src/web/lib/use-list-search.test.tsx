import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListSearch } from './use-list-search';

/** A search box bound to ?search= the way the list pages bind theirs. */
function SearchBox({ debounceMs }: { debounceMs?: number }) {
  const [params, setParams] = useSearchParams();
  const applied = params.get('search') ?? '';
  const search = useListSearch(applied, (value) => setParams(value.trim() ? { search: value.trim() } : {}), {
    debounceMs,
  });
  return (
    <>
      <form role="search" onSubmit={search.submit}>
        <input aria-label="Search" value={search.draft} onChange={(e) => search.setDraft(e.target.value)} />
      </form>
      <output>{applied}</output>
      <button type="button" onClick={() => setParams({})}>
        Reset
      </button>
    </>
  );
}

function renderBox(debounceMs?: number, url = '/') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <SearchBox debounceMs={debounceMs} />
    </MemoryRouter>,
  );
}

afterEach(() => vi.useRealTimers());

describe('useListSearch', () => {
  it('starts from the address and applies the draft on Enter only', async () => {
    const user = userEvent.setup();
    renderBox(undefined, '/?search=ana');
    expect(screen.getByLabelText('Search')).toHaveValue('ana');

    await user.type(screen.getByLabelText('Search'), ' maria');
    expect(screen.getByRole('status')).toHaveTextContent(/^ana$/);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('ana maria');
  });

  it('follows the address when it changes by other means', async () => {
    const user = userEvent.setup();
    renderBox(undefined, '/?search=ana');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('with a delay, applies once the user pauses and keeps a trailing space while typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderBox(300);
    await user.type(screen.getByLabelText('Search'), 'ana ');
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('status')).toHaveTextContent(/^ana$/);
    expect(screen.getByLabelText('Search')).toHaveValue('ana ');
    await user.type(screen.getByLabelText('Search'), 'b');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('status')).toHaveTextContent('ana b');
  });
});
