import type { DeviceView } from '@shared/api/device';
import { buildAccountUrl, splitAccountUrl, type PlaylistBody, type PlaylistView } from '@shared/api/playlist';
import { type MockAnswer, mockApi } from '@web/test/mock-api';

/** Test-only: a device, its playlists and a fake device API that behaves like the real one. */
export const TEST_MAC = '02:AA:BB:CC:DD:EE';
export const TEST_KEY = 'ABCDEFGHJK';

export function deviceFixture(overrides: Partial<DeviceView> = {}): DeviceView {
  return {
    id: 1,
    mac: TEST_MAC,
    name: null,
    phone: null,
    app_name: 'Living room TV',
    created_at: '2026-01-01T00:00:00.000Z',
    paid: true,
    date_payment: '2026-01-01T00:00:00.000Z',
    payment_type: 'year',
    banned: false,
    expired_date: new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString(),
    playlists: [],
    messages: [],
    ...overrides,
  };
}

export function playlistFixture(overrides: Partial<PlaylistView> = {}): PlaylistView {
  return {
    id: 1,
    name: 'News',
    url: 'http://lists.example/news.m3u',
    hasPin: false,
    isAccount: false,
    username: null,
    password: null,
    host: null,
    notes: null,
    deviceId: 1,
    epg_url: null,
    ...overrides,
  };
}

export function accountPlaylistFixture(overrides: Partial<PlaylistView> = {}): PlaylistView {
  const host = 'http://provider.example:8080';
  return playlistFixture({
    id: 2,
    name: 'Sports',
    isAccount: true,
    url: buildAccountUrl(host, 'viewer', 's3cret&x'),
    host,
    username: 'viewer',
    password: 's3cret&x',
    ...overrides,
  });
}

const error = (status: number, code: string, message = code): MockAnswer => ({
  status,
  body: { success: false, code, message },
});

/** A protected playlist as the API lists it: no url or account fields. */
function hidden(playlist: PlaylistView): PlaylistView {
  return playlist.hasPin
    ? { ...playlist, url: null, host: null, username: null, password: null, epg_url: null }
    : playlist;
}

function stored(id: number, body: PlaylistBody): PlaylistView {
  const url = body.isAccount
    ? buildAccountUrl(body.host ?? '', body.username ?? '', body.password ?? '')
    : (body.url ?? '');
  const account = body.isAccount ? splitAccountUrl(url) : null;
  return {
    id,
    name: body.name,
    url,
    hasPin: body.hasPin ?? false,
    isAccount: body.isAccount ?? false,
    epg_url: body.epg_url || null,
    host: account?.host ?? null,
    username: account?.username ?? null,
    password: account?.password ?? null,
    notes: null,
    deviceId: 1,
  };
}

/**
 * The device API in memory: sign-in with MAC + key, the session, and the playlist calls with the
 * PIN rules (X-Playlist-Pin on edit and delete of a protected playlist, unlock with the PIN).
 */
export function mockDeviceApi(
  options: { device?: DeviceView; signedIn?: boolean; pins?: Record<number, string> } = {},
) {
  const api = mockApi();
  const state = {
    device: options.device ?? deviceFixture(),
    signedIn: options.signedIn ?? false,
    pins: { ...options.pins } as Record<number, string>,
    nextId: 100,
  };
  const view = (): MockAnswer => ({
    body: { success: true, data: { ...state.device, playlists: state.device.playlists.map(hidden) } },
  });
  const unauthorized = error(401, 'unauthorized', 'Sign in with the MAC address and device key first');
  const checkPin = (id: number, headers: Record<string, string>): MockAnswer | null => {
    const pin = state.pins[id];
    if (pin === undefined) return null;
    const given = headers['X-Playlist-Pin'];
    if (!given) return error(403, 'pin_required');
    return given === pin ? null : error(403, 'incorrect_pin');
  };

  function sync() {
    const { mac } = state.device;
    api.routes['POST /device/login'] = (call) => {
      const body = call.body as { mac: string; cle_mac: string };
      if (body.mac !== mac || body.cle_mac !== TEST_KEY) return error(401, 'invalid_credentials');
      if (state.device.banned) return error(403, 'device_banned', 'Banned User');
      state.signedIn = true;
      return view();
    };
    api.routes['GET /device/session'] = () => (state.signedIn ? view() : unauthorized);
    api.routes['DELETE /device/session'] = () => {
      state.signedIn = false;
      return { body: { success: true } };
    };
    api.routes['POST /playlist/probe'] = () => ({
      body: { success: true, data: { ok: true, kind: 'm3u', channels: 3, groups: 1, epg_url: null } },
    });
    api.routes[`POST /playlist/${mac}`] = (call) => {
      if (!state.signedIn) return unauthorized;
      const body = call.body as PlaylistBody;
      const playlist = stored(state.nextId++, body);
      state.device.playlists.push(playlist);
      if (body.hasPin && body.pin) state.pins[playlist.id] = body.pin;
      sync();
      return { status: 201, body: { success: true, data: playlist } };
    };
    for (const playlist of state.device.playlists) {
      const path = `/playlist/${mac}/${playlist.id}`;
      api.routes[`PUT ${path}`] = (call) => {
        if (!state.signedIn) return unauthorized;
        const refused = checkPin(playlist.id, call.headers);
        if (refused) return refused;
        const body = call.body as PlaylistBody;
        const updated = stored(playlist.id, body);
        state.device.playlists = state.device.playlists.map((p) => (p.id === playlist.id ? updated : p));
        if (!body.hasPin) delete state.pins[playlist.id];
        else if (body.pin) state.pins[playlist.id] = body.pin;
        sync();
        return { body: { success: true, data: updated } };
      };
      api.routes[`DELETE ${path}`] = (call) => {
        if (!state.signedIn) return unauthorized;
        const refused = checkPin(playlist.id, call.headers);
        if (refused) return refused;
        state.device.playlists = state.device.playlists.filter((p) => p.id !== playlist.id);
        sync();
        return { body: { success: true } };
      };
      api.routes[`POST ${path}/unlock`] = (call) => {
        if (!state.signedIn) return unauthorized;
        const { pin } = call.body as { pin: string };
        const current = state.device.playlists.find((p) => p.id === playlist.id);
        if (!current) return error(404, 'not_found');
        if (state.pins[playlist.id] !== pin) return error(403, 'incorrect_pin', 'Incorrect PIN');
        return { body: { success: true, data: current } };
      };
    }
  }
  sync();
  return { ...api, state };
}
