import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { renderApp } from '@web/test/render-app';
import { openCreditsPage, resellerOption, sam, setUpCreditsApi } from './test-credits-api';

describe('transfer card', () => {
  it('disables the button at 0 and gives the validation messages of docs/product.md', async () => {
    const api = setUpCreditsApi();
    const { user } = await openCreditsPage();
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

    await user.selectOptions(
      screen.getByLabelText('Reseller'),
      resellerOption('Rita Reseller', 'rita@example.com'),
    );
    await user.clear(amount);
    await user.type(amount, 'abc');
    await user.click(submit);
    expect(await screen.findAllByText('Please enter a valid number')).not.toHaveLength(0);
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    expect(api.callsTo('POST', '/transactions/credit_admin')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("lets an admin remove credits, but not more than the reseller's current credits", async () => {
    const api = setUpCreditsApi();
    const { user } = await openCreditsPage();

    await user.selectOptions(
      screen.getByLabelText('Reseller'),
      resellerOption('Rita Reseller', 'rita@example.com'),
    );
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
    // One Idempotency-Key per opening of the confirmation: a double click on Confirm moves credits once.
    expect(api.callsTo('POST', '/transactions/credit_admin')[0]?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(await screen.findByText('Credits removed')).toBeInTheDocument();
    expect(screen.getByText('Rita Reseller now has 6 credits.')).toBeInTheDocument();
    // Ready for the next one: the amount is cleared, the reseller and the operation stay.
    expect(screen.getByLabelText('Amount of credits')).toHaveValue('');
    expect(screen.getByLabelText('Reseller')).toHaveValue('7');
    expect(screen.getByRole('radio', { name: 'Remove' })).toBeChecked();
  });

  it('offers resellers no Remove, gives from their own balance and updates the header badge', async () => {
    const me = { ...resellerUser };
    const api = setUpCreditsApi(me, [sam]);
    api.routes['POST /transactions/credit_reseller'] = () => {
      me.credits = 39;
      return {
        body: { success: true, message: '3 credits transferred', current_credits: 5, sender_credits: 39 },
      };
    };
    const view = renderApp('/dashboard/credits');
    const { user } = view;
    await screen.findByRole('option', { name: resellerOption('Sam Sub', 'sam@example.com') });

    expect(screen.queryByRole('radio', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByText('Your balance: 42 credits')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reseller'), resellerOption('Sam Sub', 'sam@example.com'));
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
});
