import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

async function openSignIn() {
  const api = mockPanelApi();
  const view = renderApp('/dashboard/home');
  await screen.findByRole('heading', { name: 'Sign in to the panel' });
  return { api, ...view };
}

describe('panel sign-in', () => {
  it('is shown for a panel address while nobody is signed in', async () => {
    await openSignIn();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
  });

  it('starts with the cursor in the e-mail field and offers the language switcher', async () => {
    await openSignIn();
    await vi.waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
    expect(screen.getByRole('button', { name: /Language/i })).toBeInTheDocument();
  });

  it('does not call the server when the fields are empty, and says what is missing', async () => {
    const { api, user } = await openSignIn();

    await user.click(screen.getByRole('button', { name: 'Sign In to Panel' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('does not call the server when only the password is missing', async () => {
    const { api, user } = await openSignIn();

    await user.type(screen.getByLabelText('E-mail'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In to Panel' }));

    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('shows "Invalid credentials" when the server refuses the password', async () => {
    const { api, user } = await openSignIn();
    api.routes['POST /auth/login'] = {
      status: 401,
      body: { success: false, code: 'invalid_credentials', message: 'Invalid e-mail or password' },
    };

    await user.type(screen.getByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In to Panel' }));

    expect(await within(screen.getByRole('alert')).findByText('Invalid credentials')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'admin@example.com',
      password: 'wrong-password',
    });
    expect(screen.getByRole('heading', { name: 'Sign in to the panel' })).toBeInTheDocument();
  });

  it('explains a locked account', async () => {
    const { api, user } = await openSignIn();
    api.routes['POST /auth/login'] = {
      status: 429,
      body: { success: false, code: 'account_locked', message: 'Locked' },
    };

    await user.type(screen.getByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign In to Panel' }));

    expect(
      await screen.findByText(
        'Too many failed attempts: this account is temporarily locked. Please try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('opens the admin panel after a successful sign-in', async () => {
    const { api, user } = await openSignIn();
    api.routes['POST /auth/login'] = (call) => {
      api.signIn(adminUser);
      return { body: { success: true, user: adminUser, data: adminUser, received: call.body } };
    };

    await user.type(screen.getByLabelText('E-mail'), '  Admin@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In to Panel' }));

    expect(await screen.findByText('Admin Panel')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/login')[0]).toMatchObject({
      body: { email: 'admin@example.com', password: 'correct horse' },
      credentials: 'same-origin',
    });
  });

  it("takes the failed attempt's toast away once the next sign-in succeeds", async () => {
    const { api, user } = await openSignIn();
    api.routes['POST /auth/login'] = {
      status: 401,
      body: { success: false, code: 'invalid_credentials', message: 'Invalid e-mail or password' },
    };
    await user.type(screen.getByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In to Panel' }));
    expect(await within(screen.getByRole('alert')).findByText('Invalid credentials')).toBeInTheDocument();

    api.routes['POST /auth/login'] = () => {
      api.signIn(adminUser);
      return { body: { success: true, user: adminUser, data: adminUser } };
    };
    await user.click(screen.getByRole('button', { name: 'Sign In to Panel' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Invalid credentials')).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = await openSignIn();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
