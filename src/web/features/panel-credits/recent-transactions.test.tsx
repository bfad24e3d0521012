import type { TransactionView } from '@shared/api/credits';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '@web/test/fixtures';
import { openCreditsPage, rita, setUpCreditsApi } from './test-credits-api';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const transaction = (overrides: Partial<TransactionView>): TransactionView => ({
  id: 1,
  type: 'add',
  amount: 10,
  credits: 10,
  receiver: { id: 7, name: 'Rita Reseller' },
  sender: { id: 1, name: 'Ada Admin' },
  device_mac: null,
  plan: null,
  created_at: minutesAgo(5),
  ...overrides,
});

function transactionUrls(api: ReturnType<typeof setUpCreditsApi>): string[] {
  return api.fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/v1/transactions?'));
}

describe('recent transactions', () => {
  it('lists recent transfers with relative times; Refresh asks for 5, and says when it fails', async () => {
    const api = setUpCreditsApi(
      adminUser,
      [rita],
      [
        transaction({ id: 2, type: 'remove', amount: 2, created_at: minutesAgo(2) }),
        transaction({ id: 1, created_at: minutesAgo(60 * 26) }),
      ],
    );
    const { user } = await openCreditsPage();

    const list = await screen.findByRole('list', { name: 'Recent transactions' });
    expect(within(list).getByText('Removed from Rita Reseller')).toBeInTheDocument();
    expect(within(list).getByText('2 minutes ago')).toBeInTheDocument();
    expect(within(list).getByText('Added to Rita Reseller')).toBeInTheDocument();
    expect(within(list).getByText('yesterday')).toBeInTheDocument();
    expect(transactionUrls(api)).toEqual(['/api/v1/transactions?limit=10']);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(transactionUrls(api)).toContain('/api/v1/transactions?limit=5'));

    api.routes['GET /transactions'] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'x' },
    };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh')).toBeInTheDocument();
  });

  it('says No transactions found', async () => {
    setUpCreditsApi();
    await openCreditsPage();
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
  });
});
