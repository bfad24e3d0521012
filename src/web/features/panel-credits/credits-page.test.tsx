import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openCreditsPage, resellerOption, rita, setUpCreditsApi } from './test-credits-api';

describe('credits page', () => {
  it('is shown at /test too', async () => {
    setUpCreditsApi();
    await openCreditsPage('/test');
  });

  it('shows the server refusal of a removal (exceeds_reseller_credits) as the SPEC toast', async () => {
    const api = setUpCreditsApi();
    api.routes['POST /transactions/credit_admin'] = {
      status: 400,
      body: {
        success: false,
        code: 'exceeds_reseller_credits',
        message: 'Amount exceeds reseller credits',
        field: 'credits',
      },
    };
    const { user } = await openCreditsPage();
    await user.selectOptions(
      screen.getByLabelText('Reseller'),
      resellerOption('Rita Reseller', 'rita@example.com'),
    );
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
    const api = setUpCreditsApi();
    api.routes['POST /transactions/credit_admin'] = {
      status: 400,
      body: { success: false, code: 'invalid_input', message: 'Amount exceeds reseller credits' },
    };
    const { user } = await openCreditsPage();
    await user.selectOptions(
      screen.getByLabelText('Reseller'),
      resellerOption('Rita Reseller', 'rita@example.com'),
    );
    await user.type(screen.getByLabelText('Amount of credits'), '3');
    await user.click(screen.getByRole('button', { name: 'Transfer credits' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Transfer failed')).toBeInTheDocument();
    expect(screen.getByText('Some of the information you entered is not valid.')).toBeInTheDocument();
  });
});
