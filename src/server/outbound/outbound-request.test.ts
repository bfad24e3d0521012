import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePolicy, type OutboundPolicy } from './address-policy';
import { OutboundError, outboundRequest, parseOutboundUrl, readText } from './outbound-request';

/** A local server that answers by path: text, redirects, a slow answer, a big one. */
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/hello') return void response.end('hello');
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/hello' });
      return void response.end();
    }
    if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' });
      return void response.end();
    }
    if (url.pathname === '/slow') return void setTimeout(() => response.end('late'), 2_000);
    if (url.pathname === '/big') {
      response.write(Buffer.alloc(64 * 1024));
      response.write(Buffer.alloc(64 * 1024));
      return void response.end();
    }
    if (url.pathname === '/echo') {
      let received = '';
      request.on('data', (chunk: Buffer) => (received += chunk.toString()));
      request.on('end', () => response.end(`${request.method} ${received}`));
      return;
    }
    response.statusCode = 500;
    response.end('broken');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const publicOnly: OutboundPolicy = { allowPrivate: false, allowHttp: true };
/** Only the test server's own address, as a LAN deployment would list its IPTV server. */
const loopbackOnly: OutboundPolicy = { allowPrivate: ['127.0.0.1'], allowHttp: true };

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error.reason;
    throw error;
  }
  return 'no failure';
}

describe('the address policy', () => {
  const isAllowed = compilePolicy(publicOnly);
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
  ])('refuses %s', (address) => {
    expect(isAllowed(address)).toBe(false);
  });
  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isAllowed(address)).toBe(true);
  });
  it('allows listed private ranges and everything with allowPrivate: true', () => {
    expect(compilePolicy({ allowPrivate: ['10.0.0.0/8'], allowHttp: false })('10.1.2.3')).toBe(true);
    expect(compilePolicy({ allowPrivate: ['10.0.0.0/8'], allowHttp: false })('192.168.0.1')).toBe(false);
    expect(compilePolicy({ allowPrivate: true, allowHttp: false })('127.0.0.1')).toBe(true);
  });
});

describe('parseOutboundUrl', () => {
  it('refuses what is not http(s), plain http unless allowed, and literal private addresses', () => {
    expect(() => parseOutboundUrl('ftp://example.com/', publicOnly)).toThrow(OutboundError);
    expect(() => parseOutboundUrl('not a url', publicOnly)).toThrow(OutboundError);
    expect(() => parseOutboundUrl('http://example.com/', { allowPrivate: false, allowHttp: false })).toThrow(
      'Only https',
    );
    for (const url of [
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://2130706433/',
      'http://169.254.169.254/',
    ]) {
      expect(() => parseOutboundUrl(url, publicOnly), url).toThrow('not allowed');
    }
    expect(parseOutboundUrl('https://example.com/hook', publicOnly).href).toBe('https://example.com/hook');
  });
});

describe('outboundRequest', () => {
  it('reaches an allowed address and answers whatever the status', async () => {
    const ok = await outboundRequest(`${base}/hello`, { policy: loopbackOnly });
    expect(ok.status).toBe(200);
    expect(await readText(ok.body)).toBe('hello');
    const broken = await outboundRequest(`${base}/nothing`, { policy: loopbackOnly });
    expect(broken.status).toBe(500);
    expect(await readText(broken.body)).toBe('broken');
  });

  it('sends a POST body', async () => {
    const response = await outboundRequest(`${base}/echo`, {
      policy: loopbackOnly,
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await readText(response.body)).toBe('POST {"a":1}');
  });

  it('refuses loopback, and a name that resolves to it, unless allowed', async () => {
    expect(await failure(outboundRequest(`${base}/hello`, { policy: publicOnly }))).toBe(
      'address_not_allowed',
    );
    const port = (server.address() as AddressInfo).port;
    expect(await failure(outboundRequest(`http://localhost:${port}/hello`, { policy: publicOnly }))).toBe(
      'address_not_allowed',
    );
  });

  it('does not follow redirects unless asked, and re-checks each one', async () => {
    const unfollowed = await outboundRequest(`${base}/redirect`, { policy: loopbackOnly });
    expect(unfollowed.status).toBe(302);
    const followed = await outboundRequest(`${base}/redirect`, { policy: loopbackOnly, maxRedirects: 3 });
    expect(followed.status).toBe(200);
    expect(await readText(followed.body)).toBe('hello');
    const toPrivate = `${base}/redirect?to=${encodeURIComponent('http://10.0.0.1/')}`;
    expect(await failure(outboundRequest(toPrivate, { policy: loopbackOnly, maxRedirects: 3 }))).toBe(
      'address_not_allowed',
    );
    const toMetadata = `${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`;
    expect(await failure(outboundRequest(toMetadata, { policy: loopbackOnly, maxRedirects: 3 }))).toBe(
      'address_not_allowed',
    );
    expect(await failure(outboundRequest(`${base}/loop`, { policy: loopbackOnly, maxRedirects: 3 }))).toBe(
      'too_many_redirects',
    );
  });

  it('stops at the deadline and at the size limit', async () => {
    expect(await failure(outboundRequest(`${base}/slow`, { policy: loopbackOnly, timeoutMs: 200 }))).toBe(
      'timeout',
    );
    const big = await outboundRequest(`${base}/big`, { policy: loopbackOnly, maxBytes: 100_000 });
    expect(await failure(readText(big.body))).toBe('too_large');
  });

  it('says when nothing listens or the name does not resolve', async () => {
    expect(await failure(outboundRequest('http://127.0.0.1:1/', { policy: loopbackOnly }))).toBe(
      'unreachable',
    );
    expect(
      await failure(
        outboundRequest('http://nothing.invalid/', { policy: { allowPrivate: true, allowHttp: true } }),
      ),
    ).toBe('dns_failed');
  });
});
