import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { mockPanelApi, requestedUrl } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const counts = {
  devicesCount: 1240,
  blockedDevicesCount: 3,
  clientsCount: 58,
  activeDevicesCount: 1100,
  expiredDevicesCount: 137,
  expiringSoonCount: 21,
  notificationsCount: 4,
  transactionsCount: 912,
};

describe('dashboard home', () => {
  it('shows the eight stat cards for the signed-in user, "expiring in 7 days" a link to those devices', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes['GET /dashboard'] = { body: { success: true, data: counts, message: 'Dashboard data' } };
    renderApp('/dashboard/home');

    const overview = await screen.findByRole('region', { name: 'Overview' });
    const cards = within(overview).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Total Devices1,240',
      'Total Blocked Devices3',
      'Total Clients58',
      'Active Devices1,100',
      'Expired Devices137',
      'Expiring in 7 days21',
      'Notifications4',
      'Total Transactions912',
    ]);
    expect(within(overview).getByRole('link', { name: /Expiring in 7 days/ })).toHaveAttribute(
      'href',
      '/dashboard/devices?expiring=7d',
    );
    const call = api.fetchMock.mock.calls.findIndex(([url]) => String(url).includes('/dashboard?'));
    expect(requestedUrl(api.fetchMock, call).searchParams.get('user')).toBe(String(resellerUser.id));
  });

  it('shows the Error box when the counts cannot be fetched, and tries again', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /dashboard'] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'Boom' },
    };
    const { user } = renderApp('/dashboard/home');

    const box = (await screen.findByText(/Failed to fetch dashboard data/)).closest('[role="alert"]');
    expect(box).toHaveTextContent(/^Error: Failed to fetch dashboard data/);
    expect(screen.queryByRole('region', { name: 'Overview' })).not.toBeInTheDocument();

    api.routes['GET /dashboard'] = { body: { success: true, data: counts, message: 'Dashboard data' } };
    await user.click(within(box as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Total Transactions')).toBeInTheDocument();
  });

  it('says an unknown error occurred when the failure has no explanation', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /dashboard'] = () => {
      throw new Error('socket hang up');
    };
    renderApp('/dashboard/home');
    // fetch itself failing is "could not reach the server".
    const box = (await screen.findByText(/could not reach the server/)).closest('[role="alert"]');
    expect(box).toHaveTextContent(
      'Error: We could not reach the server. Check your connection and try again.',
    );
  });
});
