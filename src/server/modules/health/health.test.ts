import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueMac } from '../../test/test-app';

describe('GET /api/v1/health', () => {
  it('reports the database up (written and read back); Redis not configured', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', redis: 'not_configured' });
    await t.close();
  });

  it('answers 503 when the database is closed, and so does the API (never 500)', async () => {
    const t = await createTestApp();
    await t.database.destroy();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', db: 'unreachable', redis: 'not_configured' });
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device/register',
      payload: { mac: uniqueMac(), app_name: 'TV' },
    });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ code: 'service_unavailable' });
    expect(api.headers['retry-after']).toBe('5');
    await t.close();
  });
});
