import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { makeDevice, resellerUser } from '@web/test/fixtures';
import { type ApiCall, mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';
import type { PanelPlaylist } from './api';

const KIDS_URL = 'https://lists.example/kids.m3u';
const kids: PanelPlaylist = {
  id: 5,
  name: 'Kids',
  url: null,
  hasPin: true,
  isAccount: false,
  username: null,
  password: null,
  host: null,
  notes: null,
  deviceId: 11,
  epg_url: null,
  mac: '00:1A:2B:3C:4D:5E',
};
const news: PanelPlaylist = {
  ...kids,
  id: 6,
  name: 'News',
  url: 'https://lists.example/news.m3u',
  hasPin: false,
};

function headersOf(api: ReturnType<typeof mockPanelApi>, method: string, path: string) {
  const call = api.fetchMock.mock.calls.find(
    ([url, init]) => String(url) === `/api/v1${path}` && (init as RequestInit | undefined)?.method === method,
  );
  return (call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined;
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
}

async function openPlaylists(playlists: PanelPlaylist[] = [kids, news]) {
  const api = mockPanelApi({ user: resellerUser });
  api.routes[`GET /reseller/get_playlists/${resellerUser.id}`] = { body: { success: true, data: playlists } };
  api.routes[`POST /reseller/playlist/${kids.id}/unlock`] = (call: ApiCall) =>
    (call.body as { pin: string }).pin === '2468'
      ? { body: { success: true, data: { ...kids, url: KIDS_URL } } }
      : { status: 403, body: { success: false, code: 'incorrect_pin', message: 'Incorrect PIN' } };
  // The form checks the playlist before saving it: here every address is a good one.
  api.routes['POST /playlist/probe'] = {
    body: { success: true, data: { ok: true, kind: 'm3u', channels: 120 } },
  };
  const view = renderApp('/dashboard/playlists');
  await screen.findByRole('heading', { name: 'Playlist Management', level: 1 });
  return { api, ...view };
}

describe('Playlist Management', () => {
  it('counts playlists, masks the URL of protected ones and hides their actions until unlocked', async () => {
    await openPlaylists();
    await screen.findByText('Kids');

    expect(screen.getByText('Total Playlists').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Protected', { selector: 'p' }).nextElementSibling).toHaveTextContent('1');

    const locked = rowOf('Kids');
    expect(within(locked).getByText('Hidden until the PIN is entered')).toBeInTheDocument();
    expect(within(locked).getByTestId('masked-url')).toHaveTextContent('••••');
    expect(within(locked).queryByRole('button', { name: 'Edit Kids' })).not.toBeInTheDocument();
    expect(within(locked).queryByRole('button', { name: 'Delete Kids' })).not.toBeInTheDocument();
    expect(within(locked).getByRole('button', { name: 'Unlock Kids' })).toBeInTheDocument();

    const open = rowOf('News');
    expect(within(open).getByText(news.url as string)).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Edit News' })).toBeInTheDocument();
  });

  it("shows an account's host and username, never its password, as the device page does", async () => {
    const account: PanelPlaylist = {
      ...news,
      id: 7,
      name: 'Sports',
      isAccount: true,
      url: 'https://tv.example/get.php?username=bob&password=s3cret&type=m3u_plus&output=ts',
      host: 'https://tv.example',
      username: 'bob',
      password: 's3cret',
    };
    // An older row that kept only the URL: the password in its query stays hidden too.
    const older: PanelPlaylist = {
      ...account,
      id: 8,
      name: 'Movies',
      url: 'https://old.example/get.php?username=ann&password=hunter2&type=m3u_plus&output=ts',
      host: null,
      username: null,
      password: null,
    };
    await openPlaylists([account, older]);
    await screen.findByText('Sports');

    const table = screen.getByRole('table');
    expect(table).not.toHaveTextContent('s3cret');
    expect(table).not.toHaveTextContent('hunter2');
    expect(table.innerHTML).not.toContain('s3cret');
    expect(within(rowOf('Sports')).getByText('https://tv.example')).toBeInTheDocument();
    expect(within(rowOf('Sports')).getByText('bob')).toBeInTheDocument();
    expect(within(rowOf('Movies')).getByText('https://old.example')).toBeInTheDocument();
    expect(within(rowOf('Movies')).getByText('ann')).toBeInTheDocument();
    expect(within(rowOf('Sports')).getByRole('button', { name: 'Copy URL of Sports' })).toBeInTheDocument();
  });

  it("shows each playlist's last check under its address, as the device page does", async () => {
    const checked: PanelPlaylist = {
      ...news,
      last_probe: {
        ok: true,
        kind: 'm3u',
        channels: 5,
        groups: 3,
        epg_url: 'https://lists.example/guide.xml',
        probed_at: '2026-11-20T10:00:00.000Z',
      },
    };
    const failed: PanelPlaylist = {
      ...news,
      id: 9,
      name: 'Films',
      url: 'https://lists.example/films.m3u',
      last_probe: { ok: false, kind: 'm3u', error: 'unreachable', probed_at: '2026-11-20T10:00:00.000Z' },
    };
    await openPlaylists([checked, failed]);
    await screen.findByText('News');

    expect(
      within(rowOf('News')).getByText('Last check: 5 channels · 3 groups · programme guide (EPG) included'),
    ).toBeInTheDocument();
    expect(
      within(rowOf('Films')).getByText('Last check: The server could not be reached.'),
    ).toBeInTheDocument();
  });

  it('asks for the PIN, refuses a wrong one, and shows the URL with the right one', async () => {
    const { user } = await openPlaylists();
    await user.click(await screen.findByRole('button', { name: 'Unlock Kids' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enter PIN' });
    expect(dialog).toHaveTextContent('This playlist is protected');
    const pin = within(dialog).getByLabelText('PIN');
    await user.type(pin, '12ab34');
    expect(pin).toHaveValue('1234');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText('Incorrect PIN')).toBeInTheDocument();

    await user.clear(pin);
    await user.type(pin, '2468{Enter}');
    expect(await within(rowOf('Kids')).findByText(KIDS_URL)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(rowOf('Kids')).getByRole('button', { name: 'Edit Kids' })).toBeInTheDocument();
  });

  it("confirms deletion with the playlist's name and sends the PIN it was unlocked with", async () => {
    const { api, user } = await openPlaylists();
    api.routes[`DELETE /reseller/delete_playlist/${kids.id}`] = { body: { success: true } };
    await user.click(await screen.findByRole('button', { name: 'Unlock Kids' }));
    await user.type(await screen.findByLabelText('PIN'), '2468{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Delete Kids' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete playlist?' });
    expect(dialog).toHaveTextContent(
      "You're about to delete the playlist Kids. This action cannot be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete playlist' }));
    expect(await screen.findByText('Playlist deleted')).toBeInTheDocument();
    expect(headersOf(api, 'DELETE', `/reseller/delete_playlist/${kids.id}`)).toMatchObject({
      'X-Playlist-Pin': '2468',
    });
  });

  it('searches by name', async () => {
    const { user } = await openPlaylists();
    await screen.findByText('Kids');
    await user.type(screen.getByLabelText('Search by name'), 'new');
    expect(screen.queryByText('Kids')).not.toBeInTheDocument();
    expect(screen.getByText('News')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search by name'), 'zzz');
    expect(screen.getByText('No playlists match your search')).toBeInTheDocument();
  });

  it('adds a PIN-protected playlist to one of the user devices, checking the PIN confirmation', async () => {
    const { api, user } = await openPlaylists([]);
    expect(await screen.findByText('No playlists yet. Add one to a device you manage.')).toBeInTheDocument();
    const device = makeDevice({ mac: '00:1A:2B:3C:4D:5E', name: 'Ana' });
    api.routes[`GET /device/reseller/${resellerUser.id}`] = {
      body: {
        success: true,
        data: [device],
        pagination: { current_page: 1, last_page: 1, per_page: 100, total: 1, from: 1, to: 1 },
      },
    };
    api.routes['POST /reseller/add_playlist'] = (call: ApiCall) => ({
      status: 201,
      body: { success: true, data: { ...kids, ...(call.body as object), pin: undefined, deviceId: 11 } },
    });

    await user.click(screen.getByRole('button', { name: 'Add Playlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Playlist' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Playlist' }));
    expect(await within(dialog).findByText('Please choose a device')).toBeInTheDocument();
    expect(within(dialog).getByText('Playlist name is required')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Assign to device'), device.mac);
    await user.type(within(dialog).getByLabelText('Playlist name'), 'Kids');
    await user.type(within(dialog).getByLabelText('Playlist URL'), KIDS_URL);
    await user.click(within(dialog).getByLabelText('Protect this playlist with a PIN'));
    await user.type(within(dialog).getByLabelText('PIN'), '2468');
    await user.type(within(dialog).getByLabelText('Confirm PIN'), '2469');
    await user.click(within(dialog).getByRole('button', { name: 'Add Playlist' }));
    expect(await within(dialog).findByText('PINs do not match')).toBeInTheDocument();
    expect(api.callsTo('POST', '/reseller/add_playlist')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Confirm PIN'));
    await user.type(within(dialog).getByLabelText('Confirm PIN'), '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Add Playlist' }));
    expect(await screen.findByText('Playlist saved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/reseller/add_playlist')[0]?.body).toEqual({
      name: 'Kids',
      url: KIDS_URL,
      isAccount: false,
      username: null,
      password: null,
      host: null,
      hasPin: true,
      pin: '2468',
      notes: null,
      mac: device.mac,
      userId: resellerUser.id,
    });
  });

  it('checks the playlist on the device first: a dead one is shown with Save anyway, which saves it', async () => {
    const { api, user } = await openPlaylists([]);
    const device = makeDevice({ mac: '00:1A:2B:3C:4D:5E', name: 'Ana' });
    api.routes[`GET /device/reseller/${resellerUser.id}`] = {
      body: {
        success: true,
        data: [device],
        pagination: { current_page: 1, last_page: 1, per_page: 100, total: 1, from: 1, to: 1 },
      },
    };
    api.routes['POST /playlist/probe'] = {
      body: { success: true, data: { ok: false, kind: 'm3u', error: 'unreachable' } },
    };
    api.routes['POST /reseller/add_playlist'] = (call: ApiCall) => ({
      status: 201,
      body: { success: true, data: { ...kids, ...(call.body as object), hasPin: false, deviceId: 11 } },
    });

    await user.click(await screen.findByRole('button', { name: 'Add Playlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Playlist' });
    await user.selectOptions(await within(dialog).findByLabelText('Assign to device'), device.mac);
    await user.type(within(dialog).getByLabelText('Playlist name'), 'Kids');
    await user.type(within(dialog).getByLabelText('Playlist URL'), KIDS_URL);
    await user.click(within(dialog).getByRole('button', { name: 'Add Playlist' }));

    expect(await within(dialog).findByText('There is a problem with this playlist')).toBeInTheDocument();
    expect(within(dialog).getByText('The server could not be reached.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/playlist/probe')[0]?.body).toEqual({ url: KIDS_URL, mac: device.mac });
    expect(api.callsTo('POST', '/reseller/add_playlist')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Playlist saved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/reseller/add_playlist')).toHaveLength(1);
    // Saved as it was checked: one probe, not a second one.
    expect(api.callsTo('POST', '/playlist/probe')).toHaveLength(1);
  });

  it('edits a protected playlist with its PIN, keeping the PIN when the fields stay empty', async () => {
    const { api, user } = await openPlaylists();
    api.routes[`PUT /reseller/update_playlist/${kids.id}`] = (call: ApiCall) => ({
      body: { success: true, data: { ...kids, ...(call.body as object), url: KIDS_URL } },
    });
    await user.click(await screen.findByRole('button', { name: 'Unlock Kids' }));
    await user.type(await screen.findByLabelText('PIN'), '2468{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Edit Kids' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Playlist' });
    expect(within(dialog).getByLabelText('Playlist URL')).toHaveValue(KIDS_URL);
    expect(within(dialog).getByText(/Leave both empty to keep the current PIN/)).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Playlist name');
    await user.clear(name);
    await user.type(name, 'Kids HD');
    await user.click(within(dialog).getByRole('button', { name: 'Update Playlist' }));

    expect(await screen.findByText('Playlist updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/reseller/update_playlist/${kids.id}`)[0]?.body).toMatchObject({
      name: 'Kids HD',
      hasPin: true,
      pin: null,
    });
    expect(headersOf(api, 'PUT', `/reseller/update_playlist/${kids.id}`)).toMatchObject({
      'X-Playlist-Pin': '2468',
    });
  });

  it('says when the playlists cannot be fetched', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes[`GET /reseller/get_playlists/${resellerUser.id}`] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'x' },
    };
    renderApp('/dashboard/playlists');
    expect(await screen.findByText('Failed to fetch playlists')).toBeInTheDocument();
  });
});

describe('playlist form rules', () => {
  it('reports every missing field at once and checks the PIN', async () => {
    const { playlistFormSchema } = await import('./playlist-form');
    const schema = playlistFormSchema({ requireDevice: true, keepPinAllowed: false });
    const base = {
      deviceMac: '',
      name: '',
      kind: 'account' as const,
      url: '',
      host: 'ftp://x',
      username: '',
      password: '',
      hasPin: true,
      pin: '12',
      confirmPin: '',
    };
    const result = schema.safeParse(base);
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))).toEqual({
      deviceMac: 'device-required',
      name: 'playlist-name-required',
      host: 'playlist-url-invalid',
      username: 'field-required',
      password: 'field-required',
      pin: 'pin-must-be-4-digits',
      confirmPin: 'confirm-pin-required',
    });
    const keep = playlistFormSchema({ requireDevice: false, keepPinAllowed: true });
    expect(
      keep.safeParse({ ...base, name: 'Kids', kind: 'url', url: 'https://x.example/a.m3u', pin: '' }).success,
    ).toBe(true);
  });

  it('refuses line breaks and direction controls in what it saves, as the server does', async () => {
    const { playlistFormSchema } = await import('./playlist-form');
    const schema = playlistFormSchema({ requireDevice: false, keepPinAllowed: false });
    const messages = (input: object) => {
      const result = schema.safeParse({
        deviceMac: '',
        name: 'Kids',
        kind: 'url',
        url: 'https://x.example/a.m3u',
        host: '',
        username: '',
        password: '',
        hasPin: false,
        pin: '',
        confirmPin: '',
        ...input,
      });
      return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    };
    expect(messages({ name: 'Kids\u202Egpj.exe', url: 'https://x.example/\u200Fa.m3u' })).toEqual({
      name: 'invalid-characters',
      url: 'invalid-characters',
    });
    expect(
      messages({ kind: 'account', host: 'http://h.example\u2066', username: 'u\u0000', password: 'p\r' }),
    ).toEqual({ host: 'invalid-characters', username: 'invalid-characters', password: 'invalid-characters' });
    // Right-to-left marks belong in a name that mixes scripts.
    expect(messages({ name: 'أطفال \u200FKids' })).toEqual({});
  });

  it('shows each name in its own direction and an account host left-to-right, both lined up with the column', async () => {
    const locked: PanelPlaylist = { ...news, id: 9, name: 'Streams 1795702461819 (locked)' };
    const account: PanelPlaylist = {
      ...news,
      id: 10,
      name: 'What does a year cost?',
      isAccount: true,
      url: 'https://tv.example/get.php?username=bob&password=s3cret',
      host: 'https://tv.example',
      username: 'bob',
    };
    await openPlaylists([locked, account]);
    await screen.findByText(locked.name);

    // dir="auto": in Arabic a Latin name is cut at its own end and keeps its question mark last.
    for (const name of [locked.name, account.name]) {
      const shown = within(rowOf(name)).getByText(name);
      expect(shown).toHaveAttribute('dir', 'auto');
      expect(shown).toHaveClass(alignWithSurroundingText);
    }
    const host = within(rowOf(account.name)).getByText('https://tv.example');
    expect(host).toHaveAttribute('dir', 'ltr');
    expect(host).toHaveClass(alignWithSurroundingText);
  });
});
