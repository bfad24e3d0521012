import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as reloadModule from '@web/lib/reload';
import { reloadPage } from '@web/lib/reload';
import { resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';
import { PASSWORD_CHANGED_FLAG } from './change-password-page';

// jsdom cannot reload a page: record that the page asked for it.
vi.mock('@web/lib/reload', async (importOriginal) => ({
  ...(await importOriginal<typeof reloadModule>()),
  reloadPage: vi.fn(),
}));

async function openPage() {
  const api = mockPanelApi({ user: resellerUser });
  api.routes['GET /auth/sessions'] = { body: { success: true, data: [] } };
  const view = renderApp('/dashboard/passwordChange');
  await screen.findByRole('heading', { name: 'Change Password', level: 1 });
  return { api, ...view };
}

async function fill(
  user: Awaited<ReturnType<typeof openPage>>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('change password', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
  });

  it("checks SPEC's rules before calling the server: current >= 4, new >= 8, confirmation equal", async () => {
    const { api, user } = await openPage();

    await fill(user, 'old', 'short', 'different');

    expect(await screen.findByText('Password must be at least 4 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('requires all three fields', async () => {
    const { api, user } = await openPage();
    await fill(user, '', '', '');
    // One message per empty field: the confirmation too.
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('accepts a current password of four characters (docs/decisions/0003)', async () => {
    const { api, user } = await openPage();
    api.routes[`PATCH /auth/change-password/${resellerUser.id}`] = { body: { success: true } };

    await fill(user, 'abcd', 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(api.callsTo('PATCH', `/auth/change-password/${resellerUser.id}`)).toHaveLength(1),
    );
    expect(screen.queryByText(/at least 4 characters/)).not.toBeInTheDocument();
  });

  it('turns the daily expiry digest off and on, and shows what the server saved', async () => {
    const { api, user } = await openPage();
    api.routes['PUT /auth/preferences'] = { body: { success: true, data: { expiry_digest: false } } };
    const digest = await screen.findByRole('switch', { name: 'Daily expiry digest' });
    expect(digest).toHaveAttribute('aria-checked', 'true');
    await user.click(digest);
    expect(
      await screen.findByText('You will no longer receive the daily expiry digest.'),
    ).toBeInTheDocument();
    expect(digest).toHaveAttribute('aria-checked', 'false');
    expect(api.callsTo('PUT', '/auth/preferences')[0]?.body).toEqual({ expiry_digest: false });

    // A failure leaves the switch as the server has it.
    api.routes['PUT /auth/preferences'] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'Boom' },
    };
    await user.click(digest);
    expect(await screen.findByText('Your e-mail preferences could not be saved')).toBeInTheDocument();
    expect(digest).toHaveAttribute('aria-checked', 'false');
  });

  it("changes the user's own password, empties the form, reloads, and then says it worked", async () => {
    const { api, user, unmount } = await openPage();
    api.routes[`PATCH /auth/change-password/${resellerUser.id}`] = { body: { success: true } };

    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(api.callsTo('PATCH', `/auth/change-password/${resellerUser.id}`)[0]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret-1',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(window.sessionStorage.getItem(PASSWORD_CHANGED_FLAG)).toBe('1');

    // The page after the reload.
    unmount();
    renderApp('/dashboard/passwordChange');
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(PASSWORD_CHANGED_FLAG)).toBeNull();
  });

  it('says when the current password is wrong, and does not reload', async () => {
    const { api, user } = await openPage();
    api.routes[`PATCH /auth/change-password/${resellerUser.id}`] = {
      status: 400,
      body: { success: false, code: 'current_password_incorrect', message: 'Current password is incorrect' },
    };

    await fill(user, 'not-it', 'new-secret-1', 'new-secret-1');

    expect(await screen.findAllByText('Current password is incorrect')).toHaveLength(2);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('says Failed to change password on any other failure', async () => {
    const { api, user } = await openPage();
    api.routes[`PATCH /auth/change-password/${resellerUser.id}`] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'boom' },
    };

    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("isolates a session's IP address in Arabic instead of making its cell left-to-right", async () => {
    const api = mockPanelApi({ user: resellerUser });
    const at = '2026-01-02T10:00:00.000Z';
    api.routes['GET /auth/sessions'] = {
      body: {
        success: true,
        data: [
          {
            id: 'a1',
            browser: 'Chrome on Windows',
            userAgent: null,
            ip: '203.0.113.7',
            signedInAt: at,
            lastActiveAt: at,
            current: true,
          },
        ],
      },
    };
    await i18next.changeLanguage('ar');
    renderApp('/dashboard/passwordChange');

    const ip = await screen.findByText('203.0.113.7');
    expect(ip.tagName).toBe('BDI');
    expect(ip).toHaveAttribute('dir', 'ltr');
    // The cell keeps the page's direction, so the address sits on the same edge as the dates.
    expect(ip.closest('dd')).not.toHaveAttribute('dir');
  });
});
