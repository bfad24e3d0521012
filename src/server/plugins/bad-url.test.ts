import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an address that cannot be decoded', () => {
  it.each(['/%E0%A4%A?cle_mac=SECRETKEY1', '/api/v1/device%E0%A4%A?mac=x&cle_mac=SECRETKEY1'])(
    'is answered 400 in the error envelope, without echoing the address (%s)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'invalid_input',
        message: 'The address is not valid',
      });
      expect(response.body).not.toContain('SECRETKEY1');
    },
  );
});
