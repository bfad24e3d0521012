import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { testConfig } from '../test/test-app';
import { buildMetricsServer } from './metrics';

let app: FastifyInstance;
let metrics: FastifyInstance;
beforeAll(async () => {
  const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  await migrateToLatest(database);
  app = await buildApp(
    { ...testConfig(), metrics: { port: 9464, host: '127.0.0.1' } },
    { database, logger: false },
  );
  metrics = buildMetricsServer(app.metricsRegistry!);
});
afterAll(async () => {
  await metrics.close();
  await app.close();
});

describe('metrics', () => {
  it('counts requests by route pattern with latency, and reports the pool and the process', async () => {
    await app.inject({ method: 'GET', url: '/api/v1/health' });
    await app.inject({ method: 'GET', url: '/api/v1/device?mac=00:11:22:33:44:55&cle_mac=ABCDEFGHJK' });
    const response = await metrics.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/v1/health",status_code="200"} 1');
    expect(text).toContain('route="/api/v1/device",status_code="401"');
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('db_pool_connections{state="total"}');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).not.toContain('ABCDEFGHJK');
  });

  it('is not on the public port', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).not.toBe(200);
    expect(response.body).not.toContain('http_requests_total');
  });
});
