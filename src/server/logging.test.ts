import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './logging';
import { createTestApp, registerDevice, type TestApp } from './test/test-app';

let t: TestApp;
const logLines: string[] = [];
let device: { mac: string; key: string };

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logStream });
  device = await registerDevice(t.app);
});
afterAll(() => t.close());

/** The `req` objects of the "incoming request" lines logged while `run` went. */
async function loggedRequests(run: () => Promise<unknown>): Promise<{ text: string; urls: string[] }> {
  const from = logLines.length;
  await run();
  const lines = logLines.slice(from);
  const urls = lines
    .map((line) => JSON.parse(line) as { req?: { url: string } })
    .flatMap((entry) => (entry.req ? [entry.req.url] : []));
  return { text: lines.join(''), urls };
}

/** Every way a key can hide in a URL: each written by hand, as an attacker or a careless client would. */
function spellings(mac: string, key: string): string[] {
  const encodedKey = [...key].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
  return [
    `?mac=${mac}&cle_mac=${key}`,
    `?cle_mac=${key}&mac=${mac}`,
    `?mac=${mac}&cle_mac[]=${key}`,
    `?mac=${mac}&cle_mac[0]=${key}`,
    `?mac=${mac};cle_mac=${key}`,
    `?mac=${mac}&;cle_mac=${key}`,
    `?mac=${mac}&cle%5Fmac=${key}`,
    `?mac=${mac}&cle%5fmac=${key}`,
    `?mac=${mac}&%63le_mac=${key}`,
    `?mac=${mac}&CLE_MAC=${key}`,
    `?mac=${mac}&Cle_Mac=${key}`,
    `?mac=${mac}&cle_mac=${key}&cle_mac=${key}`,
    `?mac=${mac}&cle_mac=${encodedKey}`,
    `?mac=${mac}&cle_mac=${key.toLowerCase()}`,
    `?mac=${mac}&cle_mac=${key.slice(0, 5)}-${key.slice(5)}`,
    `?lng=en;cle_mac=${key}`,
    `?page=1&cle_mac=${key}`,
    `?mac=${key}`,
    `?${key}`,
    `?cle_mac=${key}#x`,
    `;cle_mac=${key}`,
    `/${key}`,
    `/${key}?mac=${mac}`,
    `/%E0%A4%A?cle_mac=${key}`,
    `/%zz;cle_mac=${key}`,
  ];
}

/** Addresses Fastify refuses (400) before routing, and before any request line is logged. */
const UNPARSEABLE = /%E0%A4%A|%zz/;

/** The key as it could appear in a log line, in any case or encoding. */
function keyForms(key: string): RegExp {
  const spaced = [...key].map((c) => `(?:${c}|%${c.charCodeAt(0).toString(16)})`).join('-?');
  return new RegExp(spaced, 'i');
}

describe('request logs', () => {
  it('never show the device key, whatever the spelling, on GET /api/v1/device', async () => {
    const { mac, key } = device;
    for (const spelling of spellings(mac, key)) {
      const { text, urls } = await loggedRequests(() =>
        t.app.inject({ method: 'GET', url: `/api/v1/device${spelling}` }),
      );
      if (!UNPARSEABLE.test(spelling)) expect(urls.length, spelling).toBeGreaterThan(0);
      expect({ spelling, logged: text }).not.toEqual({
        spelling,
        logged: expect.stringMatching(keyForms(key)),
      });
    }
  });

  it('never show the device key on an unknown route, API or not', async () => {
    const { mac, key } = device;
    for (const route of ['/api/v1/nope', '/api/v1/device/x', '/nope', '/pricing/x', '/']) {
      for (const spelling of spellings(mac, key)) {
        const url = `${route}${spelling}`.replace('//', '/');
        const { text, urls } = await loggedRequests(() => t.app.inject({ method: 'GET', url }));
        if (!UNPARSEABLE.test(url)) expect(urls.length, url).toBeGreaterThan(0);
        expect({ url, logged: text }).not.toEqual({ url, logged: expect.stringMatching(keyForms(key)) });
      }
    }
  });

  it('never show the device key on other routes either', async () => {
    const { mac, key } = device;
    const routes = [
      ['GET', '/api/v1/health'],
      ['POST', '/api/v1/device/login'],
      ['POST', '/api/v1/auth/login'],
      ['GET', '/api/v1/device/session'],
      ['GET', `/api/v1/device/reseller/1`],
      ['GET', '/pricing'],
    ] as const;
    for (const [method, route] of routes) {
      for (const spelling of spellings(mac, key).filter((s) => s.startsWith('?'))) {
        const url = `${route}${spelling}`;
        const { text, urls } = await loggedRequests(() =>
          t.app.inject({ method, url, ...(method === 'POST' ? { payload: { mac } } : {}) }),
        );
        if (!UNPARSEABLE.test(url)) expect(urls.length, url).toBeGreaterThan(0);
        expect({ url, logged: text }).not.toEqual({ url, logged: expect.stringMatching(keyForms(key)) });
      }
    }
  });

  it('name a matched route by its pattern, so path parameters (MACs) stay out too', async () => {
    const { urls } = await loggedRequests(() =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/playlist/${device.mac}/12?cle_mac=${device.key}`,
        payload: {},
      }),
    );
    expect(urls).toEqual(['/api/v1/playlist/:mac/:playlistId']);
  });

  it('still say where a request went: the route and harmless parameters of the expected shape', async () => {
    const lookup = await loggedRequests(() =>
      t.app.inject({ url: `/api/v1/device?mac=${device.mac}&cle_mac=${device.key}` }),
    );
    expect(lookup.urls).toEqual(['/api/v1/device']);
    const list = await loggedRequests(() =>
      t.app.inject({ url: '/api/v1/device/all?page=2&per_page=25&search=Smith&page=3&status=year;x=1' }),
    );
    expect(list.urls).toEqual(['/api/v1/device/all?page=2&per_page=25']);
    const page = await loggedRequests(() => t.app.inject({ url: '/Pricing/?lng=fr&utm_source=x' }));
    expect(page.urls).toEqual(['/pricing?lng=fr']);
    const unknown = await loggedRequests(() => t.app.inject({ url: '/wp-login.php?lng=ar' }));
    expect(unknown.urls).toEqual(['(unmatched)?lng=ar']);
  });
});

describe("a request's logger, made on its first line", () => {
  /** A real pino logger (Fastify's) at `level`, the lines it wrote, and how many children it made. */
  function serverLogger(level: string) {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const logger = Fastify({ logger: { level, stream } }).log;
    const made = { children: 0 };
    const makeChild = logger.child.bind(logger);
    logger.child = (bindings, options) => {
      made.children += 1;
      return makeChild(bindings, options);
    };
    return { logger, lines, made };
  }

  it('makes no child for a request that writes nothing at the level the server runs at', () => {
    const { logger, lines, made } = serverLogger('warn');
    const log = requestLoggerFactory(logger, { reqId: 'req-1' }, {});
    log.info('incoming request');
    log.debug({ detail: 1 }, 'detail');
    expect(lines).toEqual([]);
    expect(made.children).toBe(0);
    expect(log.level).toBe('warn');
  });

  it("writes the same line as Fastify's own child, bound to the request's id", () => {
    const lazy = serverLogger('warn');
    requestLoggerFactory(lazy.logger, { reqId: 'req-2' }, {}).warn({ detail: 2 }, 'slow');
    const eager = serverLogger('warn');
    eager.logger.child({ reqId: 'req-2' }, {}).warn({ detail: 2 }, 'slow');
    const withoutTime = ({ time: _time, ...line }: Record<string, unknown>) => line;
    expect(lazy.lines.map(withoutTime)).toEqual(eager.lines.map(withoutTime));
    expect(lazy.lines[0]).toMatchObject({ reqId: 'req-2', detail: 2, msg: 'slow', level: 40 });
    expect(lazy.made.children).toBe(1);
  });

  it("follows the server's level, and a level set on it stays its own", () => {
    const { logger, lines } = serverLogger('warn');
    const log = requestLoggerFactory(logger, { reqId: 'req-3' }, {});
    logger.level = 'info';
    log.info('now written');
    log.level = 'error';
    log.warn('not written');
    expect(logger.level).toBe('info');
    expect(lines.map((line) => line.msg)).toEqual(['now written']);
  });

  it('gives a route with its own level its child at once', () => {
    const { logger, lines, made } = serverLogger('warn');
    const log = requestLoggerFactory(logger, { reqId: 'req-4' }, { level: 'debug' });
    expect(made.children).toBe(1);
    log.debug('route debug');
    expect(lines).toMatchObject([{ reqId: 'req-4', msg: 'route debug' }]);
  });
});
