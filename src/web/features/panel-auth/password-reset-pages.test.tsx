import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const TOKEN = 'A'.repeat(43);

describe('forgot password page', { timeout: 20_000 }, () => {
  it('sends the address and then says the same thing whatever the answer holds', async () => {
    const api = mockApi({ 'POST /auth/forgot-password': { body: { success: true, message: 'x' } } });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await user.type(screen.getByLabelText('E-mail'), 'Someone@Example.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/If an account uses \u2066someone@example\.test\u2069,/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/auth/forgot-password')?.body).toEqual({
      email: 'someone@example.test',
    });
  });
});

describe('reset password page', { timeout: 20_000 }, () => {
  it('sets the new password with the token from the address', async () => {
    const api = mockApi({ 'POST /auth/reset-password': { body: { success: true } } });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm the new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long new password');
    await user.clear(screen.getByLabelText('Confirm the new password'));
    await user.type(screen.getByLabelText('Confirm the new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({
      token: TOKEN,
      password: 'a long new password',
    });
  });

  it('says a used or expired link does not work and offers a new one', async () => {
    mockApi({
      'POST /auth/reset-password': {
        status: 400,
        body: { success: false, code: 'reset_link_invalid', message: 'x', field: 'token' },
      },
    });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('knows a link without a token is broken before asking anything', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
  });
});
