import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type ReceivedWebhook = {
  /** The path asked for (a followed redirect would ask for /hook/elsewhere). */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The status this receiver answered. */
  status: number;
};

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers with the
 * next of `statuses` (the last one repeats), optionally with a Location header for 3xx.
 */
export async function startReceiver(statuses: number[] = [200]) {
  const received: ReceivedWebhook[] = [];
  const plan = [...statuses];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = plan.length > 1 ? plan.shift()! : plan[0]!;
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        status,
      });
      response.writeHead(status, status >= 300 && status < 400 ? { location: `${url}/elsewhere` } : {});
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${url}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verifies a received webhook as a receiver would, with the standardwebhooks package; answers its body. */
export function verifyWebhook(secret: string, message: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(message.body, {
    'webhook-id': String(message.headers['webhook-id']),
    'webhook-timestamp': String(message.headers['webhook-timestamp']),
    'webhook-signature': String(message.headers['webhook-signature']),
  });
}
