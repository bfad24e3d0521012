import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer in, from the request's Accept-Encoding: Brotli, then gzip, then none. */
export function preferredEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** If-None-Match against one ETag: a list of tags or `*`; the comparison is weak (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A body that does not change, kept with each compressed form once one is asked for. Compression runs
 * in libuv's thread pool: the reference page's 4 MB script takes 0.4 s at Brotli's quality 9, which
 * on the main thread would stall every TV poll behind it. Requests that arrive while a form is being
 * made wait for the same one.
 */
export class CompressedBody {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(private readonly raw: Buffer) {}

  body(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : encoding === 'gzip'
            ? gzip(this.raw)
            : Promise.resolve(this.raw);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}
