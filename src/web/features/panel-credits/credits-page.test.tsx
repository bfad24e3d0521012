import type { TransactionView } from '@shared/api/credits';
import type { ResellerView } from '@shared/api/reseller';
import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';
import { firstIssue, isSubmitDisabled, parseAmount, transferFormSchema } from './transfer-rules';

const rita: ResellerView = {
  id: 7,
  name: 'Rita Reseller',
  email: 'rita@example.com',
  phone: '+15550001111',
  credits: 10,
  banned: false,
  status: 'Active',
  parentId: 1,
  role: 'reseller',
  created_at: '2026-01-02T10:00:00.000Z',
};
const sam: ResellerView = {
  ...rita,
  id: 8,
  name: 'Sam Sub',
  email: 'sam@example.com',
  credits: 2,
  parentId: 7,
};

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

function setUp(user = adminUser, resellers: ResellerView[] = [rita], transactions: TransactionView[] = []) {
  const api = mockPanelApi({ user });
  api.routes['GET /reseller'] = { body: { success: true, data: resellers } };
  api.routes['GET /transactions'] = { body: { success: true, data: transactions } };
  return api;
}

async function openPage(path = '/dashboard/credits') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Transfer Credits', level: 1 });
  await screen.findByRole('option', { name: 'Rita Reseller (rita@example.com)' });
  return view;
}

function transactionUrls(api: ReturnType<typeof setUp>): string[] {
  return api.fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/v1/transactions?'));
}

/** What the form's toast would name for these values: the form's schema through its resolver. */
async function transferIssue(
  values: { resellerId?: string; type?: 'add' | 'remove'; credits: string },
  ownCredits: number | null = null,
) {
  const resolve = zodResolver(transferFormSchema({ resellers: [rita], ownCredits }));
  const { errors } = await resolve({ resellerId: '7', type: 'add', ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return firstIssue(errors);
}

describe('transfer rules', () => {
  it("reads amounts, including Arabic digits, and checks them in SPEC's order", async () => {
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('١٢')).toBe(12);
    expect(parseAmount('abc')).toBeNaN();
    expect(isSubmitDisabled('')).toBe(true);
    expect(isSubmitDisabled('0')).toBe(true);
    expect(isSubmitDisabled('-3')).toBe(true);
    expect(isSubmitDisabled('abc')).toBe(false);
    expect(await transferIssue({ resellerId: '', credits: '5' })).toBe('missing');
    expect(await transferIssue({ resellerId: '', credits: 'abc' })).toBe('missing');
    expect(await transferIssue({ credits: '' })).toBe('missing');
    expect(await transferIssue({ credits: '1.5' })).toBe('notANumber');
    expect(await transferIssue({ credits: 'abc' })).toBe('notANumber');
    expect(await transferIssue({ credits: '0' })).toBe('tooSmall');
    expect(await transferIssue({ credits: '١٢' })).toBeNull();
    expect(await transferIssue({ type: 'remove', credits: '11' })).toBe('exceedsReseller');
    expect(await transferIssue({ type: 'remove', credits: '10' })).toBeNull();
    expect(await transferIssue({ credits: '4' }, 3)).toBe('exceedsOwn');
    // The request's own cap (shared schema): said the way the server says it.
    expect(await transferIssue({ credits: '2000000' })).toBe('notANumber');
  });
});

describe('credits page', () => {
  it('is shown at /test too', async () => {
    setUp();
    await openPage('/test');
  });

  it('disables the button at 0 and gives the validation messages of docs/product.md', async () => {
    const api = setUp();
    const { user } = await openPage();
    const submit = screen.getByRole('button', { name: 'Transfer credits' });
    const amount = screen.getByLabelText('Amount of credits');

    expect(submit).toBeDisabled();
    await user.type(amount, '0');
    expect(submit).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '5');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findAllByText('Please select a reseller and enter an amount')).not.toHaveLength(0);
    expect(screen.getByLabelText('Reseller')).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(screen.getByLabelText('Reseller'), 'Rita Reseller (rita@example.com)');
    await user.clear(amount);
    await user.type(amount, 'abc');
    await user.click(submit);
    expect(await screen.findAllByText('Please enter a valid number')).not.toHaveLength(0);
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    expect(api.callsTo('POST', '/transactions/credit_admin')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("lets an admin remove credits, but not more than the reseller's current credits", async () => {
    const api = setUp();
    const { user } = await openPage();

    await user.selectOptions(screen.getByLabelText('Reseller'), 'Rita Reseller (rita@example.com)');
    expect(screen.getByText('Current balance: 10 credits')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Remove' }));
    await user.type(screen.getByLabelText('Amount of credits'), '11');

    expect(screen.getByText("Amount exceeds reseller's current credits")).toBeInTheDocument();
    expect(screen.getByLabelText('Amount of credits')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Remove credits' }));
    expect(await screen.findByText('Amount exceeds reseller credits')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Amount of credits'));
    await user.type(screen.getByLabelText('Amount of credits'), '4');
    expect(screen.queryByText("Amount exceeds reseller's current credits")).not.toBeInTheDocument();
    api.routes['POST /transactions/credit_admin'] = {
      body: { success: true, message: '4 credits removed', current_credits: 6 },
    };
    await user.click(screen.getByRole('button', { name: 'Remove credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(dialog).toHaveTextContent("Remove 4 credits from Rita Reseller's balance?");
    expect(dialog).toHaveTextContent('10 → 6');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(api.callsTo('POST', '/transactions/credit_admin')).toHaveLength(1));
    expect(api.callsTo('POST', '/transactions/credit_admin')[0]?.body).toEqual({
      resellerId: 7,
      credits: 4,
      type: 'remove',
      user: adminUser.id,
    });
    expect(await screen.findByText('Credits removed')).toBeInTheDocument();
    expect(screen.getByText('Rita Reseller now has 6 credits.')).toBeInTheDocument();
    // Ready for the next one: the amount is cleared, the reseller and the operation stay.
    expect(screen.getByLabelText('Amount of credits')).toHaveValue('');
    expect(screen.getByLabelText('Reseller')).toHaveValue('7');
    expect(screen.getByRole('radio', { name: 'Remove' })).toBeChecked();
  });

  it('shows the server refusal of a removal (exceeds_reseller_credits) as the SPEC toast', async () => {
    const api = setUp();
    api.routes['POST /transactions/credit_admin'] = {
      status: 400,
      body: {
        success: false,
        code: 'exceeds_reseller_credits',
        message: 'Amount exceeds reseller credits',
        field: 'credits',
      },
    };
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('Reseller'), 'Rita Reseller (rita@example.com)');
    await user.click(screen.getByRole('radio', { name: 'Remove' }));
    await user.type(screen.getByLabelText('Amount of credits'), '3');
    await user.click(screen.getByRole('button', { name: 'Remove credits' }));
    // Someone else removed credits meanwhile: the refusal refreshes the balance shown.
    api.routes['GET /reseller'] = { body: { success: true, data: [{ ...rita, credits: 2 }] } };
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Amount exceeds reseller credits')).toBeInTheDocument();
    expect(screen.queryByText('Transfer failed')).not.toBeInTheDocument();
    expect(await screen.findByText('Current balance: 2 credits')).toBeInTheDocument();
  });

  it('recognises that refusal by its code, not by its English message', async () => {
    const api = setUp();
    api.routes['POST /transactions/credit_admin'] = {
      status: 400,
      body: { success: false, code: 'invalid_input', message: 'Amount exceeds reseller credits' },
    };
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('Reseller'), 'Rita Reseller (rita@example.com)');
    await user.type(screen.getByLabelText('Amount of credits'), '3');
    await user.click(screen.getByRole('button', { name: 'Transfer credits' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Transfer failed')).toBeInTheDocument();
    expect(screen.getByText('Some of the information you entered is not valid.')).toBeInTheDocument();
  });

  it('offers resellers no Remove, gives from their own balance and updates the header badge', async () => {
    const me = { ...resellerUser };
    const api = setUp(me, [sam]);
    api.routes['POST /transactions/credit_reseller'] = () => {
      me.credits = 39;
      return {
        body: { success: true, message: '3 credits transferred', current_credits: 5, sender_credits: 39 },
      };
    };
    const view = renderApp('/dashboard/credits');
    const { user } = view;
    await screen.findByRole('option', { name: 'Sam Sub (sam@example.com)' });

    expect(screen.queryByRole('radio', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByText('Your balance: 42 credits')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reseller'), 'Sam Sub (sam@example.com)');
    await user.type(screen.getByLabelText('Amount of credits'), '43');
    expect(screen.getByText('You only have 42 credits to give')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Amount of credits'));
    await user.type(screen.getByLabelText('Amount of credits'), '3');
    await user.click(screen.getByRole('button', { name: 'Transfer credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(dialog).toHaveTextContent('Give 3 credits of yours to Sam Sub?');
    expect(dialog).toHaveTextContent('42 → 39');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(api.callsTo('POST', '/transactions/credit_reseller')).toHaveLength(1));
    expect(api.callsTo('POST', '/transactions/credit_reseller')[0]?.body).toEqual({
      resellerId: 8,
      user: resellerUser.id,
      credits: 3,
      amount: 30,
    });
    expect(await screen.findByText('Credits transferred')).toBeInTheDocument();
    expect(screen.getByText('Credits: 39')).toBeInTheDocument();
  });

  it('lists recent transfers with relative times; Refresh asks for 5, and says when it fails', async () => {
    const api = setUp(
      adminUser,
      [rita],
      [
        transaction({ id: 2, type: 'remove', amount: 2, created_at: minutesAgo(2) }),
        transaction({ id: 1, created_at: minutesAgo(60 * 26) }),
      ],
    );
    const { user } = await openPage();

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
    setUp();
    await openPage();
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
  });
});
