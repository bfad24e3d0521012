import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';

interface OpenApiOperation {
  summary?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents every API route from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/v1/auth/login',
      '/api/v1/device',
      '/api/v1/device/updatepayment',
      '/api/v1/playlist/{mac}',
    ]) {
      expect(paths).toContain(path);
    }
    const login = doc.paths['/api/v1/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('documents the answers of the routes that declare them: success, failures, summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const poll = doc.paths['/api/v1/device'].get;
    expect(poll.summary).toMatch(/TV app/);
    expect(Object.keys(poll.responses)).toEqual(expect.arrayContaining(['200', '304', '401', '429', '503']));
    const device = poll.responses['200'].content['application/json'].schema.properties.data;
    expect(device.properties).toHaveProperty('playlists');
    expect(device.properties).not.toHaveProperty('cle_mac');
    const check = doc.paths['/api/v1/auth/check'].post.responses['200'].content['application/json'].schema;
    expect(check.properties.data.properties).not.toHaveProperty('password_hash');
    // The session each operation needs, read from its guard.
    expect(doc.paths['/api/v1/auth/check'].post.security).toEqual([{ panelSession: [] }]);
    expect(doc.paths['/api/v1/device/session'].get.security).toEqual([{ deviceSession: [] }]);
    // Public calls say so with an empty list (no session), rather than leaving it unsaid.
    expect(doc.paths['/api/v1/device'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/reseller/toggleBan/{id}'].put.operationId).toBe('putResellerToggleBanById');
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
  });

  it('gives every operation a summary and a documented success answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, OpenApiOperation>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status));
        const answer = success?.[1].content?.['application/json']?.schema;
        if (!operation.summary || !answer) undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undocumented).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
  });

  it('serves the Swagger UI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('API docs in production (API_DOCS)', () => {
  const productionWith = (API_DOCS?: string) =>
    loadConfig({ NODE_ENV: 'production', ...(API_DOCS ? { API_DOCS } : {}) });

  it('are off in production unless API_DOCS=public, on in development unless API_DOCS=off', () => {
    expect(productionWith().apiDocs).toBe(false);
    expect(productionWith('public').apiDocs).toBe(true);
    expect(productionWith('off').apiDocs).toBe(false);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('answers 404 for the Swagger UI and the OpenAPI JSON in production without API_DOCS', async () => {
    const production = await createTestApp({
      config: { production: true, apiDocs: productionWith().apiDocs },
    });
    try {
      for (const url of [
        '/api/docs',
        '/api/docs/',
        '/api/docs/json',
        '/api/docs/yaml',
        '/api/docs/static/index.html',
      ])
        expect({ url, status: (await production.app.inject({ url })).statusCode }).toEqual({
          url,
          status: 404,
        });
      // Requests are still validated by the same schemas.
      const login = await production.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'not an address' },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({ code: 'invalid_input' });
    } finally {
      await production.close();
    }
  });

  it('serves them in production with API_DOCS=public', async () => {
    const production = await createTestApp({
      config: { production: true, apiDocs: productionWith('public').apiDocs },
    });
    try {
      expect((await production.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await production.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
