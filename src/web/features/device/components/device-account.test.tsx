import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@web/test/render-app';
import { deviceFixture, mockDeviceApi, TEST_KEY, TEST_MAC } from '../test-device-api';

async function openSignedOut(path = '/account/view') {
  const api = mockDeviceApi();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in to your device' });
  return { api, ...view };
}

describe('device page sign-in', () => {
  it('asks the server for a session first and shows the login form when there is none', async () => {
    const { api } = await openSignedOut();
    expect(api.callsTo('GET', '/device/session')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'My device', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('MAC address')).toBeInTheDocument();
    expect(screen.getByLabelText('MAC key')).toBeInTheDocument();
  });

  it('says what is missing, MAC first, without calling the server', async () => {
    const { api, user } = await openSignedOut();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const messages = await screen.findAllByText(/is required$/);
    expect(messages.map((m) => m.textContent)).toEqual(['MAC address is required', 'MAC key is required']);
    expect(screen.getByLabelText('MAC address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('MAC address')).toHaveFocus();
    expect(api.callsTo('POST', '/device/login')).toHaveLength(0);
  });

  it('refuses a MAC that is not six hex pairs', async () => {
    const { api, user } = await openSignedOut();

    await user.type(screen.getByLabelText('MAC address'), '00:1A:2B');
    await user.type(screen.getByLabelText('MAC key'), TEST_KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('Invalid MAC address format (e.g. 00:1A:2B:3C:4D:5E)'),
    ).toBeInTheDocument();
    expect(screen.queryByText('MAC key is required')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/device/login')).toHaveLength(0);
  });

  it('formats the MAC as it is typed: hex only, uppercase, pairs with colons, 12 digits at most', async () => {
    const { user } = await openSignedOut();
    const mac = screen.getByLabelText('MAC address');

    await user.type(mac, '02aa-bbxxccddeeff99');

    expect(mac).toHaveValue('02:AA:BB:CC:DD:EE');
  });

  it('offers the one-step add-playlist screen from the sign-in card', async () => {
    const { user } = await openSignedOut();
    await user.click(screen.getByRole('link', { name: 'Do it in one step, without signing in' }));
    expect(await screen.findByRole('heading', { name: 'Add a playlist', level: 1 })).toBeInTheDocument();
  });

  it('signs in with POST /device/login and shows the device', async () => {
    const { api, user } = await openSignedOut();

    await user.type(screen.getByLabelText('MAC address'), '02aabbccddee');
    await user.type(screen.getByLabelText('MAC key'), TEST_KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('device-mac')).toHaveTextContent(TEST_MAC);
    expect(api.callsTo('POST', '/device/login')[0]).toMatchObject({
      body: { mac: TEST_MAC, cle_mac: TEST_KEY },
      credentials: 'same-origin',
    });
  });

  it("shows SPEC's 'Invalid credentials. Please try again.' for a wrong key", async () => {
    const { user } = await openSignedOut();

    await user.type(screen.getByLabelText('MAC address'), TEST_MAC);
    await user.type(screen.getByLabelText('MAC key'), 'WRONGKEY22');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await within(screen.getByRole('alert')).findByText('Invalid credentials. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('MAC address')).toHaveValue(TEST_MAC);
  });

  it("takes a failed attempt's toast away once the next sign-in succeeds", async () => {
    const { user } = await openSignedOut();
    await user.type(screen.getByLabelText('MAC address'), TEST_MAC);
    await user.type(screen.getByLabelText('MAC key'), 'WRONGKEY22');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('MAC key'));
    await user.type(screen.getByLabelText('MAC key'), TEST_KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Invalid credentials. Please try again.')).not.toBeInTheDocument();
  });

  it("shows only 'Banned User' for a banned device", async () => {
    const api = mockDeviceApi({ device: deviceFixture({ banned: true }) });
    const { user } = renderApp('/account/view');
    await screen.findByRole('heading', { name: 'Sign in to your device' });

    await user.type(screen.getByLabelText('MAC address'), TEST_MAC);
    await user.type(screen.getByLabelText('MAC key'), TEST_KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Banned User' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('MAC address')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/device/login')).toHaveLength(1);
  });

  it('explains a locked MAC', async () => {
    const { api, user } = await openSignedOut();
    api.routes['POST /device/login'] = {
      status: 429,
      body: { success: false, code: 'account_locked', message: 'Locked' },
    };

    await user.type(screen.getByLabelText('MAC address'), TEST_MAC);
    await user.type(screen.getByLabelText('MAC key'), TEST_KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText(
        'Too many failed attempts: this account is temporarily locked. Please try again later.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the auto-login link', () => {
  it('signs in from ?mac=&cle_mac= and removes both from the address', async () => {
    const api = mockDeviceApi();
    const { router } = renderApp(`/account/view?mac=${TEST_MAC}&cle_mac=${TEST_KEY}&lng=en`);

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/device/login')).toHaveLength(1);
    expect(api.callsTo('POST', '/device/login')[0]?.body).toEqual({ mac: TEST_MAC, cle_mac: TEST_KEY });
    // The key is never put in a URL the page requests, and it leaves the address bar.
    expect(api.calls.every((call) => !call.path.includes(TEST_KEY))).toBe(true);
    expect(router.state.location.search).toBe('?lng=en');
    expect(router.state.location.pathname).toBe('/account/view');
  });

  it('opens the login form with the MAC filled in when the link is refused', async () => {
    mockDeviceApi();
    const { router } = renderApp(`/account/playlists?mac=02aabbccddee&cle_mac=WRONGKEY22`);

    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();
    expect(await screen.findByLabelText('MAC address')).toHaveValue(TEST_MAC);
    expect(screen.getByLabelText('MAC key')).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('needs both: a MAC alone only fills in the form', async () => {
    const api = mockDeviceApi();
    const { router } = renderApp(`/account/view?mac=${TEST_MAC}`);

    expect(await screen.findByLabelText('MAC address')).toHaveValue(TEST_MAC);
    expect(api.callsTo('POST', '/device/login')).toHaveLength(0);
    expect(router.state.location.search).toBe('');
  });
});

describe('the signed-in device page', () => {
  it('opens straight away when the device session is still valid', async () => {
    const api = mockDeviceApi({ signedIn: true });
    renderApp('/account/playlists');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Playlists' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('POST', '/device/login')).toHaveLength(0);
  });

  it('shows MAC, type, status and expiry on the account tab', async () => {
    mockDeviceApi({
      signedIn: true,
      device: deviceFixture({ payment_type: 'lifetime', expired_date: null }),
    });
    const { user } = renderApp('/account/view');
    await screen.findByRole('heading', { name: 'Welcome back' });

    await user.click(screen.getByRole('tab', { name: 'Account' }));

    const panel = screen.getByRole('tabpanel', { name: 'Account' });
    const row = (label: string) => within(panel).getByText(label).closest('div');
    expect(row('MAC address')).toHaveTextContent(TEST_MAC);
    expect(row('Subscription type')).toHaveTextContent('Lifetime');
    expect(row('Status')).toHaveTextContent('Active');
    expect(row('Expiry date')).toHaveTextContent('Never');
  });

  it("shows the provider's current messages in the page's language, or the first one written", async () => {
    mockDeviceApi({
      signedIn: true,
      device: deviceFixture({
        messages: [
          {
            id: 2,
            texts: { en: 'Maintenance tonight', fr: 'Maintenance cette nuit' },
            created_at: '2026-11-20T10:00:00.000Z',
            expires_at: '2026-11-27T10:00:00.000Z',
          },
          {
            id: 1,
            texts: { ar: 'مرحبا' },
            created_at: '2026-11-19T10:00:00.000Z',
            expires_at: '2026-11-26T10:00:00.000Z',
          },
        ],
      }),
    });
    renderApp('/account/view');
    const section = await screen.findByRole('region', { name: 'Messages from your provider' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Maintenance tonight');
    expect(items[0]).toHaveTextContent('Shown until Nov 27, 2026');
    expect(within(items[1]!).getByText('مرحبا')).toHaveAttribute('lang', 'ar');
  });

  it('shows no messages section when there are none', async () => {
    mockDeviceApi({ signedIn: true });
    renderApp('/account/view');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByRole('region', { name: 'Messages from your provider' })).not.toBeInTheDocument();
  });

  it('reloads the device from the server', async () => {
    const api = mockDeviceApi({ signedIn: true });
    const { user } = renderApp('/account/view');
    await screen.findByRole('heading', { name: 'Welcome back' });
    api.state.device.payment_type = 'lifetime';

    await user.click(screen.getByRole('button', { name: 'Reload' }));

    expect(await screen.findByText('Never expires')).toBeInTheDocument();
    expect(api.callsTo('GET', '/device/session')).toHaveLength(2);
  });

  it('signs out', async () => {
    const api = mockDeviceApi({ signedIn: true });
    const { user } = renderApp('/account/view');
    await screen.findByRole('heading', { name: 'Welcome back' });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to your device' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/device/session')).toHaveLength(1);
  });
});
