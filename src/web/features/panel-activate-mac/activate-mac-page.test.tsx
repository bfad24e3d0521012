import type { PanelDevice } from '@shared/api/panel-device';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, daysFromNow, makeDevice, resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

async function openWith(device: PanelDevice, panelUser = resellerUser) {
  const api = mockPanelApi({ user: panelUser });
  api.routes['POST /client/device/check-mac'] = { body: { success: true, data: device } };
  const view = renderApp(`/dashboard/activate-mac?mac=${encodeURIComponent(device.mac)}`);
  await screen.findByRole('heading', { name: 'Device Information' });
  return { api, ...view };
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Activate MAC Address' }));
  return screen.findByRole('dialog', { name: 'Select Activation Plan' });
}

describe('Activate MAC', () => {
  it('starts with the cursor in the MAC field', async () => {
    mockPanelApi({ user: resellerUser });
    renderApp('/dashboard/activate-mac');
    await screen.findByRole('heading', { name: 'Activate MAC Address', level: 1 });
    await vi.waitFor(() => expect(screen.getByLabelText('MAC Address')).toHaveFocus());
  });

  it('searches the MAC from the address and shows the device key behind dots, with show/hide', async () => {
    const device = makeDevice({ cle_mac: 'K7MXP4RT2Q' });
    const { user } = await openWith(device);

    expect(screen.getByRole('heading', { name: 'Activate MAC Address', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('MAC Address')).toHaveValue(device.mac);
    expect(screen.queryByText('K7MXP4RT2Q')).not.toBeInTheDocument();
    expect(screen.getByText('Device key hidden')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show device key' }));
    expect(screen.getByText('K7MXP4RT2Q')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide device key' }));
    expect(screen.queryByText('K7MXP4RT2Q')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Device Key' })).toBeInTheDocument();
  });

  it("says 'Not provided' for a device without a client, and Unpaid", async () => {
    await openWith(
      makeDevice({ name: null, phone: null, paid: false, payment_type: 'free', date_payment: null }),
    );
    const card = screen.getByRole('heading', { name: 'Subscription Details' }).closest('div.rounded-xl');
    expect(within(card as HTMLElement).getAllByText('Not provided')).toHaveLength(2);
    expect(within(card as HTMLElement).getByText('Unpaid')).toBeInTheDocument();
  });

  it('warns about an expired subscription and one expiring within a week', async () => {
    const { unmount } = await openWith(makeDevice({ expired_date: daysFromNow(-2) }));
    expect(screen.getByText('Subscription Expired')).toBeInTheDocument();
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
    unmount();

    await openWith(makeDevice({ expired_date: daysFromNow(2.5) }));
    expect(screen.getByText('Expiring Soon')).toBeInTheDocument();
    expect(screen.getByText('The subscription ends in 3 days.')).toBeInTheDocument();
  });

  it('shows a fresh free trial as a trial with its days left, not as expiring soon', async () => {
    const { unmount } = await openWith(
      makeDevice({ payment_type: 'free', paid: false, date_payment: null, expired_date: daysFromNow(6.9) }),
    );
    expect(screen.getByText('Free Trial')).toBeInTheDocument();
    expect(screen.getByText('7 days left in the free trial.')).toBeInTheDocument();
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
    unmount();

    // A trial that has run out is expired like any plan.
    await openWith(makeDevice({ payment_type: 'free', paid: false, expired_date: daysFromNow(-1) }));
    expect(screen.getByText('Subscription Expired')).toBeInTheDocument();
    expect(screen.queryByText('Free Trial')).not.toBeInTheDocument();
  });

  it('shows no banner and never for a lifetime device', async () => {
    await openWith(makeDevice({ payment_type: 'lifetime', expired_date: null }));
    expect(screen.getByText('Never expires')).toBeInTheDocument();
    expect(screen.queryByText('Subscription Expired')).not.toBeInTheDocument();
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
  });

  it('prefills the dialog, enables Confirm only once a plan is chosen and shows its cost', async () => {
    const device = makeDevice({ name: 'Ana Client', phone: '+15550002222' });
    const { user } = await openWith(device);
    const dialog = await openDialog(user);

    expect(within(dialog).getByLabelText('Client name')).toHaveValue('Ana Client');
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('+15550002222');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Activation' });
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText('Choose a plan to see its cost.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /One Year/ }));
    expect(confirm).toBeEnabled();
    const cost = within(dialog).getByText('Cost').nextElementSibling;
    expect(cost).toHaveTextContent('1 credit');

    await user.click(within(dialog).getByRole('radio', { name: /Lifetime/ }));
    expect(cost).toHaveTextContent('2 credits');
    expect(within(dialog).getByText('Your balance').nextElementSibling).toHaveTextContent('42 credits');
  });

  it('keeps the dialog open when the activation fails', async () => {
    const { api, user } = await openWith(makeDevice());
    api.routes['POST /device/updatepayment'] = {
      status: 402,
      body: { success: false, code: 'insufficient_credits', message: 'Not enough credits' },
    };
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: /Lifetime/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Activation' }));

    expect(await screen.findByText('Activation Failed')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Select Activation Plan' })).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You do not have enough credits.');
    expect(screen.getByText('Credits: 42')).toBeInTheDocument();

    // Each attempt carries an Idempotency-Key (a double click is charged once); the refusal ended
    // that attempt, so trying again is a new request with a new key.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Activation' }));
    await waitFor(() => expect(api.callsTo('POST', '/device/updatepayment')).toHaveLength(2));
    const [first, second] = api
      .callsTo('POST', '/device/updatepayment')
      .map((c) => c.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('activates: sends the plan for the device id, updates the credits badge and repeats the search', async () => {
    const device = makeDevice({ id: 31, payment_type: 'free', paid: false, expired_date: daysFromNow(5) });
    const { api, user } = await openWith(device);
    api.routes['POST /device/updatepayment'] = {
      body: { success: true, message: 'Device activated successfully', updated_credits: 41 },
    };
    expect(screen.getByText('Free Trial')).toBeInTheDocument();

    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByLabelText('Phone number'));
    await user.type(within(dialog).getByLabelText('Phone number'), '+33 6 12 34 56 78');
    await user.click(within(dialog).getByRole('radio', { name: /One Year/ }));
    api.routes['POST /client/device/check-mac'] = {
      body: {
        success: true,
        data: { ...device, payment_type: 'year', paid: true, expired_date: daysFromNow(369.5) },
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Activation' }));

    expect(await screen.findByText('Device activated successfully')).toBeInTheDocument();
    // The header's badge is hidden on phones: the message itself says what is left.
    expect(screen.getByText('New balance: 41')).toBeInTheDocument();
    expect(api.callsTo('POST', '/device/updatepayment')[0]?.body).toEqual({
      user_id: resellerUser.id,
      plan: 'year',
      mac: 31,
      name: device.name,
      phone: '+33 6 12 34 56 78',
    });
    expect(screen.getByText('Credits: 41')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('370 days')).toBeInTheDocument();
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
    expect(screen.queryByText('Free Trial')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/client/device/check-mac')).toHaveLength(2);
  });

  it('shows Device Not Found with Retry Search', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes['POST /client/device/check-mac'] = {
      status: 404,
      body: { success: false, code: 'not_found', message: 'No device found with this MAC address' },
    };
    renderApp('/dashboard/activate-mac?mac=00:00:00:00:00:09');
    expect(await screen.findByRole('heading', { name: 'Device Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry Search' })).toBeInTheDocument();
    // The card says it once; no toast repeats it over the button.
    expect(screen.getAllByText('Device Not Found')).toHaveLength(1);
  });

  it('tells an admin, who pays nothing, no balance after activating', async () => {
    const { api, user } = await openWith(makeDevice({ id: 8 }), adminUser);
    api.routes['POST /device/updatepayment'] = {
      body: { success: true, message: 'Device activated successfully', updated_credits: null },
    };
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: /One Year/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Activation' }));
    expect(await screen.findByText('Device activated successfully')).toBeInTheDocument();
    expect(screen.queryByText(/^New balance/)).not.toBeInTheDocument();
  });

  it("asks for the viewer's device key when Check MAC says the device is a viewer's, and sends it", async () => {
    const device = makeDevice({ id: 7, name: null, phone: null, device_key_required: true });
    const { api, user } = await openWith(device);
    api.routes['POST /device/updatepayment'] = {
      body: { success: true, message: 'Device activated successfully', updated_credits: 41 },
    };
    const dialog = await openDialog(user);
    expect(
      within(dialog).getByText(/Ask your customer for the device key shown in the app/),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Device key'), 'k7mx p4rt2q');
    await user.click(within(dialog).getByRole('radio', { name: /One Year/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Activation' }));
    expect(await screen.findByText('Device activated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', '/device/updatepayment')[0]?.body).toMatchObject({
      mac: 7,
      cle_mac: 'k7mx p4rt2q',
    });
  });

  it('shows the device key field, focused, when the server answers device_key_required', async () => {
    const { api, user } = await openWith(makeDevice());
    api.routes['POST /device/updatepayment'] = {
      status: 403,
      body: { success: false, code: 'device_key_required', message: 'key required' },
    };
    const dialog = await openDialog(user);
    expect(within(dialog).queryByLabelText('Device key')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /One Year/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Activation' }));
    const field = await within(dialog).findByLabelText('Device key');
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('ask your customer for the device key');
  });
});
