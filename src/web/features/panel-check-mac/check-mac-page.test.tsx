import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { daysFromNow, makeDevice, resellerUser } from '@web/test/fixtures';
import { type ApiCall, mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';
import { addToHistory, MAC_SEARCH_HISTORY_KEY } from './mac-search-history';

const found = (call: ApiCall) => ({
  body: { success: true, data: makeDevice({ mac: (call.body as { mac: string }).mac }) },
});
const notFound = {
  status: 404,
  body: { success: false, code: 'not_found', message: 'No device found with this MAC address' },
};

function storedHistory(): string[] {
  return JSON.parse(window.localStorage.getItem(MAC_SEARCH_HISTORY_KEY) ?? '[]') as string[];
}

async function openCheckMac() {
  const api = mockPanelApi({ user: resellerUser });
  api.routes['POST /client/device/check-mac'] = found;
  const view = renderApp('/dashboard/check-mac');
  await screen.findByRole('heading', { name: 'Check MAC', level: 1 });
  return { api, ...view, field: screen.getByLabelText('MAC Address') };
}

describe('Check MAC', () => {
  it('starts with the cursor in the MAC field', async () => {
    const { field } = await openCheckMac();
    await vi.waitFor(() => expect(field).toHaveFocus());
  });

  it('formats the MAC while typing and keeps Search disabled while the field is empty', async () => {
    const { user, field } = await openCheckMac();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toBeDisabled();

    await user.type(field, '00-1a-2b-3c-4d-5e-ff');
    expect(field).toHaveValue('00:1A:2B:3C:4D:5E');
    expect(button).toBeEnabled();
  });

  it('asks for a MAC when Enter is pressed on an empty field, without calling the server', async () => {
    const { api, user, field } = await openCheckMac();
    await user.type(field, '{Enter}');
    expect(await screen.findByText('Please enter a MAC address')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/client/device/check-mac')).toHaveLength(0);
  });

  it('refuses an incomplete MAC as invalid', async () => {
    const { api, user, field } = await openCheckMac();
    await user.type(field, '001a2b{Enter}');
    expect(await screen.findByText('Invalid MAC Address')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter a valid MAC address format').length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/client/device/check-mac')).toHaveLength(0);
  });

  it('shows the device and its subscription, and remembers the search', async () => {
    const { api, user, field } = await openCheckMac();
    await user.type(field, '001A2B3C4D5E');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { name: 'Device Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subscription Details' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/device/check-mac')[0]?.body).toEqual({ mac: '00:1A:2B:3C:4D:5E' });
    expect(storedHistory()).toEqual(['00:1A:2B:3C:4D:5E']);
    const recent = screen.getByRole('region', { name: 'Recent searches' });
    expect(
      within(recent).getByRole('button', { name: 'Search 00:1A:2B:3C:4D:5E again' }),
    ).toBeInTheDocument();
  });

  it('keeps the last five unique searches, newest first, and searches one again on click', async () => {
    window.localStorage.setItem(
      MAC_SEARCH_HISTORY_KEY,
      JSON.stringify([
        '11:11:11:11:11:11',
        '22:22:22:22:22:22',
        '33:33:33:33:33:33',
        '44:44:44:44:44:44',
        '55:55:55:55:55:55',
      ]),
    );
    const { api, user, field } = await openCheckMac();

    await user.click(screen.getByRole('button', { name: 'Search 33:33:33:33:33:33 again' }));
    await screen.findByRole('heading', { name: 'Device Information' });
    expect(field).toHaveValue('33:33:33:33:33:33');
    expect(storedHistory()).toEqual([
      '33:33:33:33:33:33',
      '11:11:11:11:11:11',
      '22:22:22:22:22:22',
      '44:44:44:44:44:44',
      '55:55:55:55:55:55',
    ]);

    await user.clear(field);
    await user.type(field, '66:66:66:66:66:66{Enter}');
    await screen.findByRole('button', { name: 'Search 66:66:66:66:66:66 again' });
    expect(storedHistory()).toEqual([
      '66:66:66:66:66:66',
      '33:33:33:33:33:33',
      '11:11:11:11:11:11',
      '22:22:22:22:22:22',
      '44:44:44:44:44:44',
    ]);
    expect(api.callsTo('POST', '/client/device/check-mac')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(MAC_SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('addToHistory keeps five unique entries', () => {
    let history: string[] = [];
    for (const mac of ['A', 'B', 'C', 'B', 'D', 'E', 'F', 'A']) history = addToHistory(history, mac);
    expect(history).toEqual(['A', 'F', 'E', 'D', 'B']);
  });

  it('shows Device not found with Retry Search for an unknown MAC', async () => {
    const { api, user, field } = await openCheckMac();
    api.routes['POST /client/device/check-mac'] = notFound;
    await user.type(field, '00:00:00:00:00:01{Enter}');

    expect(await screen.findByRole('heading', { name: 'Device not found' })).toBeInTheDocument();
    expect(screen.getAllByText('No device found with this MAC address').length).toBeGreaterThan(0);
    // It may be another reseller's device, which is never revealed: the reseller is told whom to ask.
    expect(screen.getByText(/may be managed by another reseller/)).toBeInTheDocument();
    // Said once, by the card: no toast repeats it over the Retry Search button.
    expect(screen.queryByText('Device Not Found')).not.toBeInTheDocument();
    expect(screen.getAllByText('No device found with this MAC address')).toHaveLength(1);
    expect(storedHistory()).toEqual([]);

    api.routes['POST /client/device/check-mac'] = found;
    await user.click(screen.getByRole('button', { name: 'Retry Search' }));
    expect(await screen.findByRole('heading', { name: 'Device Information' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/device/check-mac')).toHaveLength(2);
  });

  it('shows a device on its free trial as a trial with its days left, not as expiring soon', async () => {
    const { api, user, field } = await openCheckMac();
    api.routes['POST /client/device/check-mac'] = {
      body: {
        success: true,
        data: makeDevice({ payment_type: 'free', paid: false, expired_date: daysFromNow(2.5) }),
      },
    };
    await user.type(field, '001a2b3c4d5e{Enter}');
    expect(await screen.findByText('Free Trial')).toBeInTheDocument();
    expect(screen.getByText('3 days left in the free trial.')).toBeInTheDocument();
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
  });

  it('shows Search Error with Retry Search when the search fails', async () => {
    const { api, user, field } = await openCheckMac();
    api.routes['POST /client/device/check-mac'] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'Boom' },
    };
    await user.type(field, '00:00:00:00:00:02{Enter}');

    expect(await screen.findByRole('heading', { name: 'Search Error' })).toBeInTheDocument();
    expect(screen.getByText('An error occurred while searching. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('An error occurred while searching for the device.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry Search' })).toBeEnabled();
  });

  it("shows the device's history to whoever manages it, newest first, with Show more", async () => {
    const { api, user, field } = await openCheckMac();
    const entry = (id: number, action: string, changes = {}) => ({
      id,
      at: new Date(Date.now() - id * 60_000).toISOString(),
      actor: { id: 7, label: 'Rita Reseller', role: 'reseller', api_key: null, ip: '203.0.113.9' },
      action,
      target: 'device:11',
      target_label: '00:1A:2B:3C:4D:5E',
      changes,
      details: {},
    });
    api.routes['GET /audit'] = (call) =>
      call.query.get('cursor')
        ? { body: { success: true, data: [entry(3, 'device.activated')], next_cursor: null } }
        : {
            body: {
              success: true,
              data: [entry(1, 'device.updated', { name: ['Ana', 'Ana Client'] }), entry(2, 'device.banned')],
              next_cursor: 2,
            },
          };
    await user.type(field, '001a2b3c4d5e{Enter}');
    const history = await screen.findByRole('list', { name: 'History' });
    expect(Array.from(history.children, (item) => item.textContent)).toEqual([
      expect.stringMatching(/^Device edited.*By Rita Reseller · 203\.0\.113\.9name: Ana → Ana Client$/),
      expect.stringMatching(/^Device banned.*By Rita Reseller/),
    ]);
    const first = api.callsTo('GET', '/audit')[0]!;
    expect(first.query.get('device_id')).toBe('11');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(history).findByText('Device activated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows no history for a device the caller does not manage (no key, no history)', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes['POST /client/device/check-mac'] = (call: ApiCall) => ({
      body: {
        success: true,
        data: makeDevice({ mac: (call.body as { mac: string }).mac, cle_mac: undefined, owner_id: null }),
      },
    });
    const { user } = renderApp('/dashboard/check-mac');
    await user.type(await screen.findByLabelText('MAC Address'), '001a2b3c4d5e{Enter}');
    expect(await screen.findByText('Subscription Details')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'History' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/audit')).toHaveLength(0);
  });
});
