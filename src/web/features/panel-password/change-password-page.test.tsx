import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockPanelApi, resellerUser } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

async function openPage() {
  const api = mockPanelApi({ user: resellerUser });
  const view = renderApp('/dashboard/passwordChange');
  await screen.findByRole('heading', { name: 'Change Password', level: 1 });
  return { api, ...view };
}

describe('change password', () => {
  it('checks the fields before calling the server', async () => {
    const { api, user } = await openPage();

    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it("changes the signed-in user's own password and empties the form", async () => {
    const { api, user } = await openPage();
    api.routes[`PATCH /auth/change-password/${resellerUser.id}`] = { body: { success: true } };

    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/auth/change-password/${resellerUser.id}`)[0]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret-1',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('says when the current password is wrong', async () => {
    const { api, user } = await openPage();
    api.routes[`PATCH /auth/change-password/${resellerUser.id}`] = {
      status: 400,
      body: { success: false, code: 'current_password_incorrect', message: 'Current password is incorrect' },
    };

    await user.type(screen.getByLabelText('Current password'), 'not-it');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findAllByText('Current password is incorrect')).toHaveLength(2);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });
});
