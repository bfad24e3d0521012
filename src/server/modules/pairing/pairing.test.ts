import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from '../../../shared/api/pairing';
import { call, createTestApp, deviceIdOf, registerDevice, type TestAppWithAdmin } from '../../test/test-app';
import { generatePairingCode, maskMac } from './pairing-codes';

const PUBLIC_URL = 'https://tv.example.test';
const WRONG_CODES_PER_ADDRESS = 3;
let t: TestAppWithAdmin;
beforeAll(async () => {
  t = await createTestApp({
    withAdmin: true,
    config: { publicUrl: PUBLIC_URL },
    limits: { pairingFailuresPerIp: WRONG_CODES_PER_ADDRESS, deviceFailuresPerMacAddress: 3 },
  });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let addressCounter = 0;
/** Each test guesses from its own address, so one test's wrong codes never lock another's. */
const newAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const requestCode = (payload: object, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/device/pairing', payload, remoteAddress: ip });
const preview = (code: string, ip: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/device/pairing/${code}`, remoteAddress: ip });
const claim = (payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/device/pairing/claim', payload, remoteAddress: ip });

/** A registered device and a pairing code its TV asked for. */
async function pairedDevice() {
  const { mac, key } = await registerDevice(t.app);
  const response = await requestCode({ mac, cle_mac: key });
  expect(response.statusCode).toBe(201);
  return { mac, key, code: response.json().data.code as string };
}

async function ban(mac: string, key: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/device/login',
    payload: { mac, cle_mac: key },
  });
  const banned = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/device/toggleBan/${login.json().data.id}`,
    cookie: t.adminCookie,
  });
  expect(banned.json().data.banned).toBe(true);
}

/** A well-formed code no TV asked for. */
function unknownCode(): string {
  return generatePairingCode();
}

describe('pairing codes', () => {
  it('are 8 characters of an alphabet without look-alikes, 40 bits', () => {
    const codes = new Set(Array.from({ length: 2000 }, generatePairingCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(PAIRING_CODE_LENGTH * Math.log2(PAIRING_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(40);
    expect(PAIRING_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('mask all but the last two octets of the MAC', () => {
    expect(maskMac('00:1A:2B:3C:4D:5E')).toBe('••:••:••:••:4D:5E');
  });
});

describe('POST /device/pairing', () => {
  it('answers a code, its lifetime, the page to open and a QR image of it', async () => {
    const { mac, key } = await registerDevice(t.app);
    const response = await requestCode({ mac: mac.toLowerCase().replace(/:/g, '-'), cle_mac: key });
    expect(response.statusCode).toBe(201);
    const { code, expires_in, url, qr_url } = response.json().data;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(expires_in).toBe(600);
    expect(url).toBe(`${PUBLIC_URL}/pair?code=${code}`);
    expect(qr_url).toBe(`${PUBLIC_URL}/api/v1/device/pairing/${code}/qr.svg`);

    const qr = await t.app.inject({ method: 'GET', url: new URL(qr_url).pathname });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(qr.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('stores only a hash of the code', async () => {
    const { code } = await pairedDevice();
    const rows = await t.database.db.selectFrom('pairing_codes').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a wrong key or an unknown MAC alike (401)', async () => {
    const { mac } = await registerDevice(t.app);
    const wrong = await requestCode({ mac, cle_mac: 'WRONGKEY22' }, newAddress());
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');
    const unknown = await requestCode({ mac: '02:00:00:00:00:01', cle_mac: 'WRONGKEY22' }, newAddress());
    expect(unknown.statusCode).toBe(401);
  });

  it.each([
    [{ cle_mac: 'ABCDEFGH23' }, 'mac'],
    [{ mac: 'not a mac', cle_mac: 'ABCDEFGH23' }, 'mac'],
    [{ mac: '02:00:00:00:00:02' }, 'cle_mac'],
    [{ mac: '02:00:00:00:00:02', cle_mac: 'A'.repeat(100) }, 'cle_mac'],
    [{ mac: '02:00:00:00:00:02', cle_mac: 'ABCDEFGH23', extra: 1 }, undefined],
  ])('refuses the bad body %j with 400 naming %s', async (payload, field) => {
    const response = await requestCode(payload, newAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input' });
    if (field) expect(response.json().field).toBe(field);
  });

  it('goes through the device sign-in limits: wrong keys lock the MAC for that address', async () => {
    const { mac, key } = await registerDevice(t.app);
    const ip = newAddress();
    for (let i = 0; i < 3; i += 1) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/device/login',
        payload: { mac, cle_mac: 'WRONGKEY22' },
        remoteAddress: ip,
      });
      expect(login.statusCode).toBe(401);
    }
    const locked = await requestCode({ mac, cle_mac: key }, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    expect(locked.headers['retry-after']).toBeDefined();
    // The TV behind another address still pairs.
    expect((await requestCode({ mac, cle_mac: key }, newAddress())).statusCode).toBe(201);
  });

  it('refuses a banned device (403)', async () => {
    const { mac, key } = await registerDevice(t.app);
    await ban(mac, key);
    const response = await requestCode({ mac, cle_mac: key }, newAddress());
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('device_banned');
  });
});

describe('GET /device/pairing/{code}/qr.svg', () => {
  it('refuses a malformed code with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/device/pairing/NOT-A-CODE!/qr.svg' });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('code');
  });
});

describe('GET /device/pairing/{code}', () => {
  it('shows the masked MAC and the app name without using the code up', async () => {
    const { mac, code } = await pairedDevice();
    const ip = newAddress();
    const response = await preview(code.toLowerCase(), ip);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toEqual({ mac: `••:••:••:••:${mac.slice(-5)}`, app_name: 'Test TV', expires_in: 600 });
    expect(JSON.stringify(response.json())).not.toContain(mac);
    expect((await preview(code, ip)).statusCode).toBe(200);
    expect((await claim({ code }, ip)).statusCode).toBe(200);
  });

  it('reads look-alikes and dashes as the code (O as 0, I and L as 1)', async () => {
    let paired = await pairedDevice();
    while (!/[01]/.test(paired.code)) paired = await pairedDevice();
    const typed = `${paired.code.slice(0, 4)}-${paired.code.slice(4)}`.replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await preview(typed, newAddress())).statusCode).toBe(200);
  });

  it('answers 404 for an unknown code and 400 naming the code for a malformed one', async () => {
    const ip = newAddress();
    expect((await preview(unknownCode(), ip)).statusCode).toBe(404);
    const malformed = await preview('ABC', ip);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid_input', field: 'code' });
  });

  it('says an expired code has expired (410)', async () => {
    const { code } = await pairedDevice();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    const response = await preview(code, newAddress());
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe('pairing_code_expired');
  });

  it("refuses a banned device's code (403)", async () => {
    const { mac, key, code } = await pairedDevice();
    await ban(mac, key);
    const response = await preview(code, newAddress());
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('device_banned');
  });
});

describe('POST /device/pairing/claim', () => {
  it('signs the browser into the device page of that device, without its key', async () => {
    const { mac, code } = await pairedDevice();
    const response = await claim({ code: code.toLowerCase() }, newAddress());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ mac, app_name: 'Test TV', playlists: [] });
    expect(JSON.stringify(response.json())).not.toMatch(/cle_mac|device_key/);
    const session = response.cookies.find((cookie) => cookie.name === 'dsid');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1' });
    const cookie = `dsid=${session!.value}`;

    const page = await call(t.app, { method: 'GET', url: '/api/v1/device/session', cookie });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.mac).toBe(mac);
    // The session is bound to that device: another device's playlists stay closed.
    const other = await registerDevice(t.app);
    const elsewhere = await call(t.app, {
      method: 'POST',
      url: `/api/v1/playlist/${other.mac}`,
      cookie,
      payload: { name: 'x', url: 'http://example.test/x.m3u', hasPin: false, isAccount: false, pin: null },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it("is recorded as the device page's sign-in by the device, from the claim's address, never with the code", async () => {
    const { mac, code } = await pairedDevice();
    const ip = newAddress();
    expect((await claim({ code }, ip)).statusCode).toBe(200);
    const id = await deviceIdOf(t.database, mac);
    const log = await call(t.app, {
      method: 'GET',
      url: `/api/v1/audit?action=viewer&target=device:${id}`,
      cookie: t.adminCookie,
    });
    expect(log.json().data).toMatchObject([
      {
        actor: { id: null, label: mac, role: 'viewer', api_key: null, ip },
        action: 'viewer.signed_in',
        target: `device:${id}`,
        target_label: mac,
        details: { device_id: id, mac, method: 'pairing_code' },
      },
    ]);
    expect(log.body).not.toContain(code);
  });

  it('is single-use: a second claim is told the code was used (410)', async () => {
    const { code } = await pairedDevice();
    const ip = newAddress();
    expect((await claim({ code }, ip)).statusCode).toBe(200);
    const again = await claim({ code }, ip);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('pairing_code_used');
    expect((await preview(code, ip)).json().code).toBe('pairing_code_used');
  });

  it('lets exactly one of two parallel claims of one code succeed', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { code } = await pairedDevice();
      const answers = await Promise.all([claim({ code }, newAddress()), claim({ code }, newAddress())]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 410]);
      expect(answers.filter((answer) => answer.cookies.some((c) => c.name === 'dsid'))).toHaveLength(1);
    }
  });

  it('says an expired code has expired (410) and signs nobody in', async () => {
    const { code } = await pairedDevice();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    const response = await claim({ code }, newAddress());
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe('pairing_code_expired');
    expect(response.cookies).toHaveLength(0);
  });

  it('answers 404 for an unknown code', async () => {
    const response = await claim({ code: unknownCode() }, newAddress());
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it.each([
    [{}, 'code'],
    [{ code: '' }, 'code'],
    [{ code: 'ABCD-234' }, 'code'],
    [{ code: 'ABCDUUUU' }, 'code'],
    [{ code: 'X'.repeat(500) }, 'code'],
    [{ code: 12345678 }, 'code'],
  ])('refuses the bad body %j with 400 naming %s', async (payload, field) => {
    const response = await claim(payload, newAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field });
  });

  it('refuses unknown fields (400)', async () => {
    const { code } = await pairedDevice();
    expect((await claim({ code, mac: '02:00:00:00:00:03' }, newAddress())).statusCode).toBe(400);
  });

  it('refuses a code of a device banned since (403) and signs nobody in', async () => {
    const { mac, key, code } = await pairedDevice();
    await ban(mac, key);
    const response = await claim({ code }, newAddress());
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('device_banned');
    expect(response.cookies).toHaveLength(0);
  });
});

describe('wrong codes', () => {
  it('lock the address, reads and claims together, even for a right code; other addresses go on', async () => {
    const { code } = await pairedDevice();
    const ip = newAddress();
    expect((await preview(unknownCode(), ip)).statusCode).toBe(404);
    expect((await claim({ code: unknownCode() }, ip)).statusCode).toBe(404);
    expect((await preview(unknownCode(), ip)).statusCode).toBe(404);
    const locked = await claim({ code }, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await preview(code, ip)).statusCode).toBe(429);
    expect((await claim({ code }, newAddress())).statusCode).toBe(200);
  });

  it('are counted atomically: of 30 parallel guesses from one address, at most the limit are looked up', async () => {
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 ? claim({ code: unknownCode() }, ip) : preview(unknownCode(), ip),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(WRONG_CODES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      30 - WRONG_CODES_PER_ADDRESS,
    );
    expect(statuses.every((status) => status === 404 || status === 429)).toBe(true);
  });
});
