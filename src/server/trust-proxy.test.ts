import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, parseTrustProxy } from './config';
import { createTestApp, type TestApp, uniqueMac } from './test/test-app';

/**
 * Issue 12: TRUST_PROXY. A number is how many proxies stand in front (the client is that many entries
 * from the right of X-Forwarded-For), so a client's forged entries further left are ignored; unset,
 * the socket's address is the client. Observed over HTTP through the register limit, which counts
 * per client address: with an allowance of one, a second registration from the same counted address
 * gets 429 and one from another address gets 201.
 */

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['true', true],
    ['10.0.0.0/8,127.0.0.1', '10.0.0.0/8,127.0.0.1'],
  ] as const)('reads %s as %s', (value, expected) => {
    expect(parseTrustProxy(value)).toBe(expected);
  });
});

const PROXY = '10.0.0.1';

describe.each([
  ['1', 1, '2.2.2.2'],
  ['2', 2, '1.1.1.1'],
] as const)('TRUST_PROXY=%s', (_label, hops, counted) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { registrationsPerIp: 1 }, config: { trustProxy: hops } });
  });
  afterAll(() => t.close());

  const register = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/device/register',
      payload: { mac: uniqueMac() },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it(`counts X-Forwarded-For: 1.1.1.1, 2.2.2.2 as ${counted}`, async () => {
    expect((await register('1.1.1.1, 2.2.2.2')).statusCode).toBe(201);
    // The same counted address, whatever else the client wrote: refused.
    const sameClient = hops === 1 ? '9.9.9.9, 2.2.2.2' : '1.1.1.1, 8.8.8.8';
    expect((await register(sameClient)).statusCode).toBe(429);
    // Another counted address behind the same proxy: served.
    const otherClient = hops === 1 ? '1.1.1.1, 3.3.3.3' : '3.3.3.3, 2.2.2.2';
    expect((await register(otherClient)).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    const trustProxy: AppConfig['trustProxy'] = parseTrustProxy(undefined);
    t = await createTestApp({ limits: { registrationsPerIp: 1 }, config: { trustProxy } });
  });
  afterAll(() => t.close());

  const register = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/device/register',
      payload: { mac: uniqueMac() },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the socket address and ignores X-Forwarded-For', async () => {
    expect((await register('10.0.0.5', '1.1.1.1')).statusCode).toBe(201);
    expect((await register('10.0.0.5', '2.2.2.2')).statusCode).toBe(429);
    expect((await register('10.0.0.6', '1.1.1.1')).statusCode).toBe(201);
  });
});
