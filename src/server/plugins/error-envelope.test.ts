import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postLogin = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload,
    headers: { 'content-type': contentType },
  });

describe('bad input is a 400 naming the field, never a 500', () => {
  it.each([
    ['wrong type', { email: 42, password: 'x' }, 'email'],
    ['missing field', { email: 'a@b.test' }, 'password'],
    ['huge string', { email: 'a@b.test', password: 'p'.repeat(10_000) }, 'password'],
    ['not an e-mail', { email: 'not-an-email', password: 'x' }, 'email'],
    ['extra field', { email: 'a@b.test', password: 'x', role: 'admin' }, 'role'],
    ['null body fields', { email: null, password: null }, 'email'],
  ])('%s', async (_label, body, field) => {
    const response = await postLogin(JSON.stringify(body));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input', field });
    expect(response.json().message).toContain(field);
  });

  it('malformed JSON', async () => {
    const response = await postLogin('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_input' });
  });

  it('a body that is not an object', async () => {
    for (const payload of ['[]', '"text"', '123', 'null']) {
      const response = await postLogin(payload);
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it('an oversized body', async () => {
    const response = await postLogin(JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(100_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });

  it('a bad path parameter', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/change-password/not-a-number',
      payload: { currentPassword: 'xxxx', newPassword: 'yyyyyyyy' },
    });
    // Validation runs before the session guard would: the id is named either way, never a 500.
    expect([400, 401]).toContain(response.statusCode);
  });

  it('prototype-pollution keys', async () => {
    const response = await postLogin('{"email":"a@b.test","password":"x","__proto__":{"admin":true}}');
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('unknown API routes', () => {
  it('answer a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'not_found', message: 'Route not found' });
  });
});

describe('security headers', () => {
  it('sends pages a CSP and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends API answers a short set: nothing may load, frame, sniff or cache them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
