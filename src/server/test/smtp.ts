import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it, with its parts decoded. */
export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
};

export type TestSmtpServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches, or a timeout error. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 in the test process (the `smtp-server` package), so tests assert on
 * what nodemailer actually sent over the wire. `failNext` makes the next n messages be refused (a
 * mail server that is down), to test retries. `holdNext` keeps the next message unanswered until
 * released (a slow mail server). `port` 0 picks a free one.
 */
export async function startTestSmtpServer(port = 0): Promise<
  TestSmtpServer & {
    failNext(n: number): void;
    /** `arrived`: the message's data is in and unanswered; `release` answers it. */
    holdNext(): { arrived: Promise<void>; release(): void };
  }
> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let failures = 0;
  let hold: { arrive: () => void; released: Promise<void> } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    // No TLS in tests: nodemailer would otherwise upgrade to the server's self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (hold) {
          const { arrive, released } = hold;
          hold = null;
          arrive();
          await released;
        }
        if (failures > 0) {
          failures -= 1;
          callback(Object.assign(new Error('Mailbox unavailable (test)'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        const mail = parseMail(
          raw,
          envelope.mailFrom ? envelope.mailFrom.address : '',
          envelope.rcptTo.map((r) => r.address),
        );
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    failNext(n) {
      failures = n;
    },
    holdNext() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { arrive, released };
      return { arrived, release };
    },
    waitFor(match, timeoutMs = 5_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const cut = raw.indexOf('\r\n\r\n');
  const headers = splitHeaders(raw.slice(0, cut));
  const body = raw.slice(cut + 4);
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      const partCut = section.indexOf('\r\n\r\n');
      if (partCut < 0) continue;
      const partHeaders = splitHeaders(section.slice(0, partCut));
      parts.push({
        type: partHeaders.get('content-type') ?? '',
        content: decodeBody(section.slice(partCut + 4), partHeaders.get('content-transfer-encoding')),
      });
    }
  } else {
    parts.push({
      type: headers.get('content-type') ?? 'text/plain',
      content: decodeBody(body, headers.get('content-transfer-encoding')),
    });
  }
  return {
    from,
    to,
    raw,
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}
