import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an IPTV provider, on 127.0.0.1, for the probe's tests and the Playwright spec: M3U
 * files of the shapes found in the wild, and an Xtream-Codes `player_api.php` with one account per
 * state. Paths:
 * - `/tv.m3u`: `url-tvg` header, `tvg-id`, `group-title`, `catchup` (5 channels, 3 groups);
 * - `/bom-crlf.m3u`: byte-order mark, CRLF line ends, `x-tvg-url` (3 channels, 2 groups);
 * - `/long-lines.m3u`: 200 KB attributes and names (2 channels, 1 group);
 * - `/broken.m3u`: entries without address, stray text, an unterminated attribute (2 channels);
 * - `/page.html`: not a playlist; `/locked.m3u`: 401; `/forbidden.m3u`: 403; `/gone.m3u`: 404;
 * - `/huge.m3u`: a valid playlist streamed past 21 MB; `/never`: accepts and never answers;
 * - `/redirect?to=<url>`: 302 to `to`; `/get.php?username=…&password=…`: the account's playlist;
 * - `/player_api.php?username=…&password=…`: FAKE_ACCOUNTS below, any other pair `auth: 0`.
 */
export const FAKE_ACCOUNTS = {
  active: { password: 'active-pass', status: 'Active', expires: 2_000_000_000, connections: 2 },
  expired: { password: 'expired-pass', status: 'Expired', expires: 1_600_000_000, connections: 1 },
  banned: { password: 'banned-pass', status: 'Banned', expires: 2_000_000_000, connections: 1 },
} as const;

export const TV_M3U = [
  '#EXTM3U url-tvg="http://epg.example.test/guide.xml.gz" refresh="3600"',
  '#EXTINF:-1 tvg-id="news.uk" tvg-name="News" tvg-logo="http://logo.test/n.png" group-title="News",News HD',
  'http://stream.example.test/live/news.ts',
  '#EXTINF:-1 tvg-id="sport1.fr" group-title="Sport" catchup="default" catchup-days="7",Sport 1',
  '#EXTVLCOPT:http-user-agent=Player/1.0',
  'http://stream.example.test/live/sport1.ts',
  '#EXTINF:-1 tvg-id="sport2.fr" group-title="Sport",Sport 2',
  'http://stream.example.test/live/sport2.ts',
  '#EXTINF:-1 tvg-id="film.ar" group-title="Films" catchup="shift",أفلام',
  'http://stream.example.test/live/films.ts',
  '#EXTINF:-1 tvg-id="" group-title="Films",Films 2',
  'http://stream.example.test/live/films2.ts',
  '',
].join('\n');

const BOM_CRLF_M3U =
  '\uFEFF' +
  [
    '#EXTM3U x-tvg-url="https://epg.example.test/xmltv.xml"',
    '#EXTINF:-1 tvg-id="a" group-title="Kids",Cartoons',
    'http://stream.example.test/a.m3u8',
    '#EXTINF:-1 tvg-id="b" group-title="Kids",Toons',
    'http://stream.example.test/b.m3u8',
    '#EXTINF:-1 tvg-id="c" group-title="Music",Hits',
    'http://stream.example.test/c.m3u8',
  ].join('\r\n');

const LONG = 'x'.repeat(200_000);
const LONG_LINES_M3U = [
  '#EXTM3U',
  `#EXTINF:-1 tvg-id="long" tvg-logo="http://logo.test/${LONG}.png" group-title="Long",Long ${LONG}`,
  'http://stream.example.test/long.ts',
  `#EXTINF:-1 tvg-id="long2" group-title="Long",Other`,
  `http://stream.example.test/long2.ts?token=${LONG}`,
].join('\n');

const BROKEN_M3U = [
  '#EXTM3U',
  '#EXTINF:-1 tvg-id="ok" group-title="News",Fine',
  'http://stream.example.test/fine.ts',
  '#EXTINF:-1 tvg-id="cut group-title="News",Cut attribute',
  '#EXTINF:-1 tvg-id="nourl" group-title="Lost",No address follows',
  'random words on a line',
  '#EXTINF:-1,No attributes at all',
  'http://stream.example.test/bare.ts',
  '#EXTINF',
].join('\n');

function playerApi(url: URL): object {
  const username = url.searchParams.get('username') ?? '';
  const account = FAKE_ACCOUNTS[username as keyof typeof FAKE_ACCOUNTS];
  if (!account || account.password !== url.searchParams.get('password')) return { user_info: { auth: 0 } };
  return {
    user_info: {
      username,
      auth: 1,
      status: account.status,
      exp_date: String(account.expires),
      is_trial: '0',
      active_cons: '0',
      max_connections: String(account.connections),
    },
    server_info: { url: url.hostname, port: url.port, server_protocol: 'http' },
  };
}

/** Writes a playlist of more than 21 MB in chunks, so the server never holds it whole. */
function streamHuge(response: http.ServerResponse): void {
  const entry = '#EXTINF:-1 tvg-id="x" group-title="Bulk",Channel\nhttp://stream.example.test/x.ts\n';
  const chunk = entry.repeat(Math.ceil(65_536 / entry.length));
  response.write('#EXTM3U\n');
  let written = 0;
  const writeMore = () => {
    while (written < 21 * 1024 * 1024) {
      written += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', writeMore);
    }
    response.end();
  };
  response.on('error', () => {});
  writeMore();
}

function handle(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://fake.test');
  const send = (status: number, body: string, type = 'audio/x-mpegurl') => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };
  switch (url.pathname) {
    case '/tv.m3u':
      return send(200, TV_M3U);
    case '/bom-crlf.m3u':
      return send(200, BOM_CRLF_M3U);
    case '/long-lines.m3u':
      return send(200, LONG_LINES_M3U);
    case '/broken.m3u':
      return send(200, BROKEN_M3U);
    case '/page.html':
      return send(200, '<!doctype html><title>Welcome</title><p>Nothing here', 'text/html');
    case '/locked.m3u':
      return send(401, 'Unauthorized', 'text/plain');
    case '/forbidden.m3u':
      return send(403, 'Forbidden', 'text/plain');
    case '/huge.m3u':
      response.writeHead(200, { 'content-type': 'audio/x-mpegurl' });
      return streamHuge(response);
    case '/never':
      return;
    case '/redirect':
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/tv.m3u' });
      return void response.end();
    case '/get.php': {
      const answer = playerApi(url) as { user_info: { auth: number } };
      return answer.user_info.auth === 1 ? send(200, TV_M3U) : send(403, 'Forbidden', 'text/plain');
    }
    case '/player_api.php':
      return send(200, JSON.stringify(playerApi(url)), 'application/json');
    default:
      return send(404, 'Not found', 'text/plain');
  }
}

export type FakeIptvServer = { url: string; port: number; close: () => Promise<void> };

/** Starts the fake provider on 127.0.0.1 (a free port unless given). */
export async function startFakeIptvServer(port = 0): Promise<FakeIptvServer> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
