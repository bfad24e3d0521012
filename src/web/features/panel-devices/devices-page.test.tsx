import type { PanelDevice } from '@shared/api/panel-device';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { alignWithSurroundingText, isolateLtr, isolateText } from '@web/lib/bidi';
import { adminUser, makeDevice, resellerUser } from '@web/test/fixtures';
import { type ApiCall, mockPanelApi, requestedUrl } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

function listAnswer(devices: PanelDevice[], total = devices.length, page = 1, perPage = 10) {
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  return {
    body: {
      success: true,
      data: devices,
      pagination: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
        from,
        to: from === null ? null : from + devices.length - 1,
      },
    },
  };
}

/** The query of every device-list request, in order. */
function listQueries(api: ReturnType<typeof mockPanelApi>, path: string) {
  return api.fetchMock.mock.calls
    .map((_, index) => requestedUrl(api.fetchMock, index))
    .filter((url) => url.pathname === `/api/v1${path}`)
    .map((url) => Object.fromEntries(url.searchParams));
}

const year = makeDevice({ id: 1, mac: 'AA:BB:CC:00:00:01', name: 'Ana', payment_type: 'year' });
const lifetime = makeDevice({
  id: 2,
  mac: 'AA:BB:CC:00:00:02',
  name: 'Bruno',
  payment_type: 'lifetime',
  expired_date: null,
});
const banned = makeDevice({ id: 3, mac: 'AA:BB:CC:00:00:03', name: 'Chloé', banned: true });
const free = makeDevice({
  id: 4,
  mac: 'AA:BB:CC:00:00:04',
  name: null,
  phone: null,
  payment_type: 'free',
  paid: false,
});

function rowOf(mac: string): HTMLElement {
  const row = screen.getByText(mac).closest('tr');
  if (!row) throw new Error(`no row for ${mac}`);
  return row;
}

describe('Manage Devices', () => {
  it('turns filters, search, page size and page into the list query', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /device/all'] = listAnswer([year, lifetime, banned, free], 30);
    const { user } = renderApp('/dashboard/devices');

    expect(await screen.findByRole('heading', { name: 'Manage Devices', level: 1 })).toBeInTheDocument();
    await screen.findByText(year.mac);
    expect(listQueries(api, '/device/all').at(-1)).toEqual({ page: '1', per_page: '10' });

    await user.selectOptions(screen.getByLabelText('Plan'), 'Year');
    await user.selectOptions(screen.getByLabelText('Payment'), 'Unpaid');
    // The server matches what a row shows, the app name under the MAC included; the hint says so.
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', 'MAC, name, phone or app');
    await user.type(screen.getByLabelText('Search'), 'ana{Enter}');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(listQueries(api, '/device/all').at(-1)).toEqual({
      page: '1',
      per_page: '25',
      status: 'year',
      payment: 'unpaid',
      search: 'ana',
    });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(listQueries(api, '/device/all').at(-1)).toMatchObject({ page: '2', per_page: '25' });

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(listQueries(api, '/device/all').at(-1)).toEqual({ page: '1', per_page: '25' });
  });

  it('opens on "expiring in 7 days" from the dashboard and the digest e-mail, and offers it as a filter', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes[`GET /device/reseller/${resellerUser.id}`] = listAnswer([year]);
    const { user } = renderApp('/dashboard/devices?expiring=7d');
    await screen.findByText(year.mac);
    expect(listQueries(api, `/device/reseller/${resellerUser.id}`).at(-1)).toEqual({
      page: '1',
      per_page: '10',
      expiring: '7d',
    });
    expect(screen.getByLabelText('Expiry')).toHaveValue('7d');
    await user.selectOptions(screen.getByLabelText('Expiry'), 'Any expiry');
    expect(listQueries(api, `/device/reseller/${resellerUser.id}`).at(-1)).toEqual({
      page: '1',
      per_page: '10',
    });
  });

  it('shows at most five page buttons', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /device/all'] = listAnswer([year], 200);
    renderApp('/dashboard/devices');
    const pages = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);
    expect(screen.getByText('Showing 1–1 of 200')).toBeInTheDocument();
  });

  it('labels payment types and statuses as docs/product.md says', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /device/all'] = listAnswer([year, lifetime, banned, free]);
    renderApp('/dashboard/devices');
    await screen.findByText(year.mac);

    expect(within(rowOf(year.mac)).getByText('Year')).toBeInTheDocument();
    expect(within(rowOf(year.mac)).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf(lifetime.mac)).getByText('Lifetime')).toBeInTheDocument();
    // A lifetime device shows no expiry date.
    expect(within(rowOf(lifetime.mac)).getByText('No expiry date')).toBeInTheDocument();
    expect(within(rowOf(banned.mac)).getByText('Blocked')).toHaveClass('bg-red-100');
    expect(within(rowOf(banned.mac)).getByText('Banned')).toHaveClass('bg-red-100');
    expect(within(rowOf(free.mac)).getByText('Free')).toBeInTheDocument();
    expect(within(rowOf(free.mac)).getByText('Unpaid')).toBeInTheDocument();
    expect(within(rowOf(free.mac)).getByText('Not provided')).toBeInTheDocument();
    expect(within(rowOf(year.mac)).getByText('Active')).toHaveClass('bg-emerald-100');
  });

  it('lets an admin ban and delete (after confirming) a device', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /device/all'] = listAnswer([year, banned]);
    api.routes[`PUT /device/toggleBan/${year.id}`] = {
      body: { success: true, data: { ...year, banned: true }, message: 'Device banned' },
    };
    api.routes[`DELETE /device/${banned.id}`] = { body: { success: true, message: 'Device deleted' } };
    const { user } = renderApp('/dashboard/devices');
    await screen.findByText(year.mac);

    const toggle = within(rowOf(year.mac)).getByRole('switch', { name: `Device ${year.mac} active` });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(within(rowOf(banned.mac)).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    // Banning names the device and what the viewer loses, and waits for the confirmation.
    await user.click(toggle);
    const confirm = await screen.findByRole('dialog', { name: `Ban device ${isolateLtr(year.mac)}?` });
    expect(confirm).toHaveTextContent(
      `${isolateText('Ana')}'s TV app on ${isolateLtr(year.mac)} stops playing at once`,
    );
    expect(api.callsTo('PUT', `/device/toggleBan/${year.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', `/device/toggleBan/${year.id}`)).toHaveLength(0);

    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog', { name: `Ban device ${isolateLtr(year.mac)}?` })).getByRole(
        'button',
        {
          name: 'Ban device',
        },
      ),
    );
    expect(await screen.findByText('Device banned')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/device/toggleBan/${year.id}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(toggle).toHaveFocus());

    await user.click(within(rowOf(banned.mac)).getByRole('button', { name: `Delete device ${banned.mac}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this device?' });
    expect(dialog).toHaveTextContent(
      `The device ${isolateLtr(banned.mac)} and all of its playlists will be deleted.`,
    );
    expect(api.callsTo('DELETE', `/device/${banned.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete device' }));
    expect(await screen.findByText('Device deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/device/${banned.id}`)).toHaveLength(1);
  });

  it('lifts a ban in one click: it only gives the viewer their TV back', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /device/all'] = listAnswer([banned]);
    api.routes[`PUT /device/toggleBan/${banned.id}`] = {
      body: { success: true, data: { ...banned, banned: false }, message: 'Device unbanned' },
    };
    const { user } = renderApp('/dashboard/devices');
    await screen.findByText(banned.mac);

    await user.click(within(rowOf(banned.mac)).getByRole('switch', { name: `Device ${banned.mac} active` }));
    expect(await screen.findByText('Device unbanned')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', `/device/toggleBan/${banned.id}`)).toHaveLength(1);
  });

  it('shows resellers their own devices, read-only Active or Banned, and no delete', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes[`GET /device/reseller/${resellerUser.id}`] = listAnswer([year, banned]);
    renderApp('/dashboard/devices');
    await screen.findByText(year.mac);

    expect(api.callsTo('GET', '/device/all')).toHaveLength(0);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete device/ })).not.toBeInTheDocument();
    expect(within(rowOf(year.mac)).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf(banned.mac)).getByText('Banned')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Edit device ${year.mac}` })).toBeInTheDocument();
  });

  it('edits the client name and phone', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes[`GET /device/reseller/${resellerUser.id}`] = listAnswer([year]);
    api.routes[`PUT /device/${year.id}`] = (call: ApiCall) => ({
      body: { success: true, data: { ...year, ...(call.body as object) } },
    });
    const { user } = renderApp('/dashboard/devices');
    await user.click(await screen.findByRole('button', { name: `Edit device ${year.mac}` }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Device' });
    const name = within(dialog).getByLabelText('Client name');
    expect(name).toHaveValue('Ana');
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue(year.phone);
    await user.clear(name);
    await user.type(name, 'Ana Maria');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Device updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/device/${year.id}`)[0]?.body).toEqual({
      name: 'Ana Maria',
      phone: year.phone,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The keyboard user is back on the row's Edit button, not at the top of the page.
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: `Edit device ${year.mac}` })).toHaveFocus(),
    );
  });

  it('keeps the edit dialog open with an error when the update fails', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes[`GET /device/reseller/${resellerUser.id}`] = listAnswer([year]);
    api.routes[`PUT /device/${year.id}`] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'Boom' },
    };
    const { user } = renderApp('/dashboard/devices');
    await user.click(await screen.findByRole('button', { name: `Edit device ${year.mac}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Device' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Failed to update device')).toBeInTheDocument();
  });

  it('says when nothing matches, and when the list cannot be fetched', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /device/all'] = listAnswer([]);
    const { unmount } = renderApp('/dashboard/devices?search=zzz');
    expect(await screen.findByText('No devices found matching your criteria')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('zzz');
    unmount();

    api.routes['GET /device/all'] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'x' },
    };
    renderApp('/dashboard/devices');
    expect(await screen.findByText('Failed to fetch devices')).toBeInTheDocument();
  });

  it('keeps a MAC in one piece in Arabic: isolated in the ban dialog, left-to-right in the search box', async () => {
    const digitsFirst = makeDevice({ id: 9, mac: '52:D0:80:CD:02:48', name: 'Room 1795702461819 (locked)' });
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /device/all'] = listAnswer([digitsFirst]);
    await i18next.changeLanguage('ar');
    const { user } = renderApp(`/dashboard/devices?search=${encodeURIComponent(digitsFirst.mac)}`);
    await screen.findByText(digitsFirst.mac);

    // A typed MAC (or a Latin name) sets the box's direction; the empty box keeps the page's for its placeholder.
    const search = screen.getByRole('searchbox');
    expect(search).toHaveValue(digitsFirst.mac);
    expect(search).toHaveAttribute('dir', 'auto');
    await user.clear(search);
    expect(search).not.toHaveAttribute('dir');

    // The name is cut at its own end and lined up with the column; the phone stays left-to-right.
    const row = rowOf(digitsFirst.mac);
    expect(within(row).getByText(digitsFirst.name ?? '')).toHaveAttribute('dir', 'auto');
    const phone = within(row).getByText(digitsFirst.phone ?? '');
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(phone).toHaveClass(alignWithSurroundingText);
    expect(within(row).getByText(digitsFirst.app_name ?? '')).toHaveAttribute('dir', 'auto');

    await user.click(within(row).getByRole('switch'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveAccessibleName(`حظر الجهاز ${isolateLtr(digitsFirst.mac)}؟`);
    expect(confirm).toHaveTextContent(
      `الخاص بـ${isolateText(digitsFirst.name ?? '')} على الجهاز ${isolateLtr(digitsFirst.mac)} عن`,
    );
  });
});
