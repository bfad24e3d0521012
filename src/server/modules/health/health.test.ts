import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

describe('GET /api/v1/health', () => {
  it('reports the database up', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    await t.close();
  });

  it('answers 503 when the database is unreachable', async () => {
    const t = await createTestApp();
    await t.database.destroy();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', db: 'unreachable' });
    await t.close();
  });
});
