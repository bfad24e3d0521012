import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerDevice, signInDevice, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const resetKey = (cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/api/v1/device/reset-key', cookie, payload, headers });
const tvPoll = (mac: string, key: string, etag?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/device?mac=${mac}&cle_mac=${key}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
const sessionOf = (cookie: string) => call(t.app, { method: 'GET', url: '/api/v1/device/session', cookie });

describe('POST /device/reset-key', () => {
  it('gives the device a new key shown once: the old key stops at once, other sessions end', async () => {
    const { mac, key } = await registerDevice(t.app);
    // The TV app has polled: its answer is stored and its ETag known.
    const polled = await tvPoll(mac, key);
    expect(polled.statusCode).toBe(200);
    const etag = polled.headers.etag as string;
    const mine = await signInDevice(t.app, mac, key);
    const other = await signInDevice(t.app, mac, key);
    const code = (
      await t.app.inject({ method: 'POST', url: '/api/v1/device/pairing', payload: { mac, cle_mac: key } })
    ).json().data.code as string;

    const response = await resetKey(mine);
    expect(response.statusCode).toBe(200);
    const newKey = response.json().data.cle_mac as string;
    expect(newKey).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(newKey).not.toBe(key);

    // The TV app with the old key: refused, with or without its ETag; with the new one, answered.
    expect((await tvPoll(mac, key)).statusCode).toBe(401);
    expect((await tvPoll(mac, key, etag)).statusCode).toBe(401);
    const fresh = await tvPoll(mac, newKey);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.mac).toBe(mac);
    expect((await tvPoll(mac, newKey, etag)).statusCode).toBe(200);

    // The device page: this session goes on, the other one has ended; the old key signs nobody in.
    expect((await sessionOf(mine)).statusCode).toBe(200);
    expect((await sessionOf(other)).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device/login',
      payload: { mac, cle_mac: key },
    });
    expect(oldLogin.statusCode).toBe(401);
    expect((await signInDevice(t.app, mac, newKey)).startsWith('dsid=')).toBe(true);
    // A code asked for with the old key opens nothing any more.
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device/pairing/claim',
      payload: { code },
    });
    expect(claim.statusCode).toBe(404);
  });

  it('needs a device session (401)', async () => {
    const response = await resetKey();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
    expect((await resetKey('dsid=forged-token')).statusCode).toBe(401);
  });

  it("changes only the signed-in device's key, never another's", async () => {
    const mine = await registerDevice(t.app);
    const theirs = await registerDevice(t.app);
    const cookie = await signInDevice(t.app, mine.mac, mine.key);
    const theirCookie = await signInDevice(t.app, theirs.mac, theirs.key);
    expect((await resetKey(cookie)).statusCode).toBe(200);
    expect((await tvPoll(theirs.mac, theirs.key)).statusCode).toBe(200);
    expect((await sessionOf(theirCookie)).statusCode).toBe(200);
  });

  it('refuses a body (400 naming the field): the server draws the key', async () => {
    const { mac, key } = await registerDevice(t.app);
    const cookie = await signInDevice(t.app, mac, key);
    const response = await resetKey(cookie, { cle_mac: 'MYOWNKEY22' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field: 'cle_mac' });
    expect((await tvPoll(mac, key)).statusCode).toBe(200);
  });

  it('refuses a cross-site request that carries the session (403)', async () => {
    const { mac, key } = await registerDevice(t.app);
    const cookie = await signInDevice(t.app, mac, key);
    const response = await resetKey(cookie, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect((await tvPoll(mac, key)).statusCode).toBe(200);
  });
});
