import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const signedInAnswer = { success: true, user: adminUser, data: adminUser };

async function passwordStep() {
  const api = mockPanelApi();
  api.routes['POST /auth/login'] = {
    body: { success: true, two_factor_required: true, step_token: 'step-token-1' },
  };
  const view = renderApp('/dashboard/home');
  await screen.findByRole('heading', { name: 'Sign in to the panel' }, { timeout: 10_000 });
  await view.user.type(screen.getByLabelText('E-mail'), 'admin@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'the-password');
  await view.user.click(screen.getByRole('button', { name: 'Sign In to Panel' }));
  await screen.findByRole('heading', { name: 'Enter your code' }, { timeout: 10_000 });
  return { api, ...view };
}

describe('sign-in with two-factor', { timeout: 20_000 }, () => {
  it('asks for the code after the password and sends it with the step token; the panel opens', async () => {
    const { api, user } = await passwordStep();
    api.routes['POST /auth/2fa/verify'] = () => {
      api.signIn(adminUser);
      return { body: signedInAnswer };
    };

    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Admin Panel', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/2fa/verify')[0]?.body).toEqual({
      step_token: 'step-token-1',
      code: '123456',
    });
  });

  it('says when the code is wrong, next to the field', async () => {
    const { api, user } = await passwordStep();
    api.routes['POST /auth/2fa/verify'] = {
      status: 401,
      body: { success: false, code: 'two_factor_code_incorrect', message: 'The code is not right' },
    };

    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByText('The code is not right. Check your authenticator app and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the code before calling, and goes back to the password on an expired step', async () => {
    const { api, user } = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This value is not valid')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/2fa/verify')).toHaveLength(0);

    api.routes['POST /auth/2fa/verify'] = {
      status: 401,
      body: { success: false, code: 'two_factor_step_expired', message: 'expired' },
    };
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the panel' })).toBeInTheDocument();
  });
});
