import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { type Readable, Transform } from 'node:stream';
import { compilePolicy, type OutboundPolicy } from './address-policy';

/** Why an outbound request did not get an answer; callers turn it into their own message. */
export type OutboundFailure =
  | 'bad_url'
  | 'scheme_not_allowed'
  | 'address_not_allowed'
  | 'dns_failed'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'unreachable';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

export type OutboundRequestOptions = {
  policy: OutboundPolicy;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, answer body included, must end within this (default 5 s). */
  timeoutMs?: number;
  /** Redirects followed (GET and HEAD only), each re-checked like the first address; default 0: none. */
  maxRedirects?: number;
  /** The answer body stops with `too_large` past this many bytes (default 1 MiB). */
  maxBytes?: number;
};

export type OutboundResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The address that answered, after redirects. */
  url: string;
  /** The answer body, cut at maxBytes; ends with an OutboundError when cut or timed out. */
  body: Readable;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Parses a user-given URL and checks what can be checked without the network: http(s) only (https
 * unless the policy allows http), no literal address the policy refuses. Names are checked when they
 * resolve, on every connection (outboundRequest).
 */
export function parseOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad_url', 'Not a valid URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new OutboundError(
      'scheme_not_allowed',
      `Only ${policy.allowHttp ? 'http and ' : ''}https addresses are allowed`,
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0 && !compilePolicy(policy)(host)) {
    throw new OutboundError('address_not_allowed', 'This address is not allowed');
  }
  return url;
}

/**
 * parseOutboundUrl plus the DNS check, for a URL being saved (a webhook endpoint): a name that resolves
 * to a refused address, or not at all, is refused now rather than at its first delivery. Deliveries are
 * checked again on their own connection (outboundRequest), since a name's answer may change later.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  const url = parseOutboundUrl(raw, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) return url;
  const isAllowed = compilePolicy(policy);
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    throw new OutboundError('dns_failed', 'The name does not resolve');
  }
  if (addresses.length === 0 || !addresses.every((entry) => isAllowed(entry.address))) {
    throw new OutboundError('address_not_allowed', 'This address is not allowed');
  }
  return url;
}

/**
 * Resolves a name like the system does, and refuses it when any of its addresses is not allowed: the
 * connection then goes to an address that was checked (no second lookup an attacker's DNS could answer
 * differently), and a name with one public and one private record cannot be used to reach the private one.
 */
function checkedLookup(isAllowed: (address: string) => boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || !addresses.every((entry) => isAllowed(entry.address))) {
        return callback(new OutboundError('address_not_allowed', 'This address is not allowed'), '', 0);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Counts bytes through and fails the stream past `maxBytes`. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes)
        done(new OutboundError('too_large', `The answer is larger than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}

function classify(error: unknown, signal: AbortSignal): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) return new OutboundError('timeout', 'The server did not answer in time');
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new OutboundError('dns_failed', 'The name does not resolve');
  return new OutboundError('unreachable', 'The server could not be reached');
}

/**
 * One request to a user-given URL, within the policy, a deadline and a size limit. The answer comes
 * back whatever its status (a 500 is an answer); failures to get one are OutboundErrors.
 */
export async function outboundRequest(
  rawUrl: string,
  options: OutboundRequestOptions,
): Promise<OutboundResponse> {
  const {
    policy,
    method = 'GET',
    headers = {},
    body,
    timeoutMs = 5_000,
    maxRedirects = 0,
    maxBytes = 1 << 20,
  } = options;
  const lookup = checkedLookup(compilePolicy(policy));
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseOutboundUrl(rawUrl, policy);
  for (let redirects = 0; ; redirects += 1) {
    const response = await send(url, { method, headers, body, lookup, signal });
    const location = response.headers.location;
    // With maxRedirects 0 (webhooks) a redirect is the answer itself, not followed.
    const follows =
      maxRedirects > 0 &&
      REDIRECTS.has(response.statusCode ?? 0) &&
      location &&
      (method === 'GET' || method === 'HEAD');
    if (!follows) {
      const limited = byteLimit(maxBytes);
      const onAbort = () =>
        response.destroy(new OutboundError('timeout', 'The server did not answer in time'));
      signal.addEventListener('abort', onAbort, { once: true });
      response.on('error', (error) => limited.destroy(classify(error, signal)));
      response.on('close', () => signal.removeEventListener('abort', onAbort));
      limited.on('error', () => response.destroy());
      response.pipe(limited);
      return { status: response.statusCode ?? 0, headers: response.headers, url: url.href, body: limited };
    }
    response.resume();
    if (redirects >= maxRedirects) throw new OutboundError('too_many_redirects', 'Too many redirects');
    url = parseOutboundUrl(new URL(location, url).href, policy);
  }
}

function send(
  url: URL,
  options: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    lookup: net.LookupFunction;
    signal: AbortSignal;
  },
): Promise<http.IncomingMessage> {
  const { method, headers, body, lookup, signal } = options;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        signal,
        // A fresh connection each time: a pooled one may have been opened to an address checked for another URL.
        agent: false,
      },
      resolve,
    );
    request.on('error', (error) => reject(classify(error, signal)));
    request.end(body);
  });
}

/** Reads a whole (limited) answer body as text. */
export async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
