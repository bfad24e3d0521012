import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KEY_ALPHABET, DEVICE_KEY_LENGTH, generateDeviceKey } from './device-keys';
import {
  call,
  createTestApp,
  registerDevice,
  signInDevice,
  uniqueMac,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    limits: { loginLockMs: 1_500, deviceLockMs: 1_500, deviceFailuresPerMac: 20 },
    logStream,
  });
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/device/register', payload: payload as object });
const loginDevice = (mac: string, cle_mac: string, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/device/login', payload: { mac, cle_mac }, remoteAddress: ip });

describe('device keys', () => {
  it('are 10 characters from an alphabet without look-alikes (>= 48 bits)', () => {
    const keys = new Set(Array.from({ length: 2000 }, generateDeviceKey));
    expect(keys.size).toBe(2000);
    for (const key of keys) {
      expect(key).toHaveLength(DEVICE_KEY_LENGTH);
      expect(key).toMatch(/^[2-9A-HJKMNP-Z]+$/);
    }
    expect(DEVICE_KEY_LENGTH * Math.log2(DEVICE_KEY_ALPHABET.length)).toBeGreaterThanOrEqual(48);
    expect(DEVICE_KEY_ALPHABET).not.toMatch(/[01OIL]/);
  });
});

describe('POST /device/register', () => {
  it('creates a device with a fresh key and a 7-day trial', async () => {
    const before = Date.now();
    const response = await register({ mac: 'aa-bb-cc-00-11-22', app_name: 'Living room' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ mac: 'AA:BB:CC:00:11:22', payment_type: 'free' });
    expect(body.cle_mac).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    const days = (new Date(body.expired_date).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
  });

  it('answers 409 for a known MAC in any spelling and never reveals its key', async () => {
    const { key } = await registerDevice(t.app, 'AA:BB:CC:00:11:33');
    const again = await register({ mac: 'aa:bb:cc:00:11:33' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
    expect(again.body).not.toContain(key);
  });

  it.each([
    ['five pairs', '00:1A:2B:3C:4D'],
    ['a non-hex digit', '00:1A:2B:3C:4D:5G'],
    ['13 digits', '001A2B3C4D5E7'],
    ['empty', ''],
    ['5000 characters', 'x'.repeat(5000)],
  ])('refuses a bad MAC (%s) with 400', async (_label, mac) => {
    const response = await register({ mac });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('mac');
  });

  it('refuses extra fields such as a chosen key or plan', async () => {
    const response = await register({ mac: uniqueMac(), cle_mac: 'MYKEY', payment_type: 'lifetime' });
    expect(response.statusCode).toBe(400);
  });
});

describe('device sign-in', () => {
  it('GET /device answers the device and its playlists for the right pair, without the key', async () => {
    const { mac, key } = await registerDevice(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/device?mac=${encodeURIComponent(mac.toLowerCase().replace(/:/g, '-'))}&cle_mac=${key.toLowerCase()}`,
    });
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({ mac, payment_type: 'free', paid: false, banned: false, playlists: [] });
    expect(response.body).not.toContain(key);
    // The TV app's call sets no cookie.
    expect(response.cookies).toHaveLength(0);
  });

  it('answers a wrong key and an unknown MAC identically', async () => {
    const { mac } = await registerDevice(t.app);
    const wrong = await loginDevice(mac, 'WRONGKEY22', '10.9.1.1');
    const unknown = await loginDevice(uniqueMac(), 'WRONGKEY22', '10.9.1.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'invalid_credentials',
      message: 'Invalid credentials. Please try again.',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('POST /device/login sets an HttpOnly device-session cookie', async () => {
    const { mac, key } = await registerDevice(t.app);
    const response = await loginDevice(mac, key);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'dsid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const session = await call(t.app, {
      method: 'GET',
      url: '/api/v1/device/session',
      cookie: `dsid=${cookie?.value}`,
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().data.mac).toBe(mac);
  });

  it('tells a banned device it is banned (only with the right key)', async () => {
    const { mac, key } = await registerDevice(t.app);
    await t.database.db.updateTable('devices').set({ is_banned: true }).where('mac', '=', mac).execute();
    const right = await loginDevice(mac, key, '10.9.2.1');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ success: false, code: 'device_banned', message: 'Banned User' });
    const wrong = await loginDevice(mac, 'WRONGKEY22', '10.9.2.1');
    expect(wrong.statusCode).toBe(401);
  });

  it('locks the address that guessed 10 times out of that MAC only: the TV elsewhere still signs in', async () => {
    const { mac, key } = await registerDevice(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await loginDevice(mac, `WRONG${i}`, '10.9.3.1')).statusCode).toBe(401);
    }
    // The guesser's address is refused even with the right key, until the lock ends.
    const locked = await loginDevice(mac, key, '10.9.3.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The real TV, behind another address, is not locked out.
    expect((await loginDevice(mac, key, '10.9.3.2')).statusCode).toBe(200);
    const viaApp = await t.app.inject({
      method: 'GET',
      url: `/api/v1/device?mac=${mac}&cle_mac=${key}`,
      remoteAddress: '10.9.3.3',
    });
    expect(viaApp.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await loginDevice(mac, key, '10.9.3.1')).statusCode).toBe(200);
  });

  it('slows a guess spread over many addresses at the per-MAC ceiling, without locking out the TV', async () => {
    const { mac, key } = await registerDevice(t.app);
    // 20 failures (the ceiling here) from 20 addresses, two each from the first ten.
    for (let i = 0; i < 20; i += 1) {
      expect((await loginDevice(mac, `WRONG${i}`, `10.9.5.${i % 10}`)).statusCode).toBe(401);
    }
    // Over the ceiling: an address that already guessed wrong is refused, even with the right key...
    expect((await loginDevice(mac, key, '10.9.5.1')).statusCode).toBe(429);
    // ...one that never did gets its attempt: the TV signs in, a new guesser gets one guess only.
    expect((await loginDevice(mac, key, '10.9.6.1')).statusCode).toBe(200);
    expect((await loginDevice(mac, key, '10.9.6.1')).statusCode).toBe(200);
    expect((await loginDevice(mac, 'WRONGAGAIN', '10.9.6.2')).statusCode).toBe(401);
    expect((await loginDevice(mac, 'WRONGAGAIN', '10.9.6.2')).statusCode).toBe(429);
  });

  it('gives 429 with Retry-After after 30 failures from one address', async () => {
    const { mac, key } = await registerDevice(t.app);
    for (let i = 0; i < 30; i += 1) {
      expect((await loginDevice(uniqueMac(), 'WRONGKEY22', '10.9.4.1')).statusCode).toBe(401);
    }
    const blocked = await loginDevice(mac, key, '10.9.4.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_attempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never writes a device key to the log', async () => {
    const { mac, key } = await registerDevice(t.app);
    await t.app.inject({ method: 'GET', url: `/api/v1/device?mac=${mac}&cle_mac=${key}` });
    await loginDevice(mac, key);
    const logged = logLines.join('');
    expect(logged).toContain('"url":"/api/v1/device"');
    expect(logged).not.toContain(key);
  });

  it('answers a device-page session read again with its device as it is now (decision 0058)', async () => {
    const { mac, key } = await registerDevice(t.app);
    const cookie = await signInDevice(t.app, mac, key);
    const session = () => call(t.app, { method: 'GET', url: '/api/v1/device/session', cookie });
    // Read twice while nothing is written: on SQLite the second comes from memory.
    expect((await session()).json().data.app_name).toBe('Test TV');
    expect((await session()).json().data.app_name).toBe('Test TV');
    // A change made with plain SQL, as a tool would make it, is seen by the next request.
    await t.database.db.updateTable('devices').set({ app_name: 'Renamed' }).where('mac', '=', mac).execute();
    expect((await session()).json().data.app_name).toBe('Renamed');
    expect((await session()).json().data.app_name).toBe('Renamed');
    // So is a ban: the session is refused from then on.
    await t.database.db.updateTable('devices').set({ is_banned: true }).where('mac', '=', mac).execute();
    expect((await session()).statusCode).toBe(401);
    await t.database.db.updateTable('devices').set({ is_banned: false }).where('mac', '=', mac).execute();
    expect((await session()).statusCode).toBe(401);
  });

  it('DELETE /device/session signs the device page out', async () => {
    const { mac, key } = await registerDevice(t.app);
    const cookie = await signInDevice(t.app, mac, key);
    expect((await call(t.app, { method: 'DELETE', url: '/api/v1/device/session', cookie })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, { method: 'GET', url: '/api/v1/device/session', cookie })).statusCode).toBe(
      401,
    );
  });
});
