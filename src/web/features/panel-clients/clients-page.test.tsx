import type { ClientRegistrationView } from '@shared/api/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const pending: ClientRegistrationView = {
  id: 11,
  name: 'Paula Pending',
  email: 'paula@example.com',
  phone: '+15550003333',
  mac: '02:1A:2B:3C:4D:5E',
  plan: 'year',
  status: 'Pending',
  created_at: '2026-01-03T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
};
const approved: ClientRegistrationView = {
  ...pending,
  id: 12,
  name: 'Andy Approved',
  email: 'andy@example.com',
  mac: '02:1A:2B:3C:4D:5F',
  status: 'Approved',
};
const rejected: ClientRegistrationView = {
  ...pending,
  id: 13,
  name: 'Rob Rejected',
  email: 'rob@example.com',
  mac: '02:1A:2B:3C:4D:60',
  status: 'Rejected',
};

/**
 * The fake API of the panel, with GET /client answering from the query (filters, page, limit) as the
 * server does, so the stat cards and the filters can be checked.
 */
function setUp(rows: ClientRegistrationView[] = [pending, approved, rejected]) {
  const api = mockPanelApi({ user: adminUser });
  const urls: URL[] = [];
  const panelFetch = api.fetchMock;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/v1/client' || (init?.method ?? 'GET') !== 'GET')
      return panelFetch(input, init);
    urls.push(url);
    const status = url.searchParams.get('status');
    const limit = Number(url.searchParams.get('limit'));
    const matching = rows.filter((row) => !status || row.status === status);
    return new Response(
      JSON.stringify({
        success: true,
        data: matching.slice(0, limit),
        meta: { total: matching.length, page: 1, totalPages: Math.ceil(matching.length / limit), limit },
      }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
  });
  return { api, urls };
}

async function openPage() {
  const view = renderApp('/dashboard/clients');
  await screen.findByRole('heading', { name: 'Client Registrations', level: 1 });
  const table = screen.getByRole('table', { name: 'Client Registrations' });
  await within(table).findByText('Paula Pending');
  return { ...view, table };
}

describe('client registrations', () => {
  it('shows the stat cards, the table and the filters', async () => {
    const { urls } = setUp();
    const { user, table } = await openPage();

    const stats = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(within(stats).getByText('Total Registrations').nextSibling).toHaveTextContent('3'),
    );
    expect(within(stats).getByText('Pending').nextSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Approved').nextSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Rejected').nextSibling).toHaveTextContent('1');
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText('Status'), 'Pending');
    await waitFor(() => expect(within(table).queryByText('Andy Approved')).not.toBeInTheDocument());
    expect(
      urls.some(
        (url) => url.searchParams.get('status') === 'Pending' && url.searchParams.get('limit') === '10',
      ),
    ).toBe(true);
  });

  it('offers Approve and Reject for Pending registrations only', async () => {
    setUp();
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Details of the registration of Andy Approved' }));
    const decided = await screen.findByRole('dialog', { name: 'Registration details' });
    expect(within(decided).getByText('andy@example.com')).toBeInTheDocument();
    expect(within(decided).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(decided).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Details of the registration of Rob Rejected' }));
    const rejectedDialog = await screen.findByRole('dialog', { name: 'Registration details' });
    expect(within(rejectedDialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Review the registration of Paula Pending' }));
    const open = await screen.findByRole('dialog', { name: 'Registration details' });
    expect(within(open).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('approves with the chosen plan', async () => {
    const { api } = setUp();
    api.routes['PUT /client/update'] = { body: { success: true, data: { ...pending, status: 'Approved' } } };
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Review the registration of Paula Pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registration details' });
    expect(within(dialog).getByRole('radio', { name: /One year/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Lifetime' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(api.callsTo('PUT', '/client/update')).toHaveLength(1));
    expect(api.callsTo('PUT', '/client/update')[0]?.body).toEqual({
      id: 11,
      status: 'Approved',
      plan: 'lifetime',
    });
    expect(await screen.findByText('Registration approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rejects after a second confirmation', async () => {
    const { api } = setUp();
    api.routes['PUT /client/update'] = { body: { success: true, data: { ...pending, status: 'Rejected' } } };
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Review the registration of Paula Pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registration details' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reject the registration of Paula Pending?');
    expect(api.callsTo('PUT', '/client/update')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(api.callsTo('PUT', '/client/update')).toHaveLength(1));
    expect(api.callsTo('PUT', '/client/update')[0]?.body).toEqual({ id: 11, status: 'Rejected' });
    expect(await screen.findByText('Registration rejected')).toBeInTheDocument();
  });

  it('says No clients found', async () => {
    setUp([]);
    renderApp('/dashboard/clients');
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
  });
});
