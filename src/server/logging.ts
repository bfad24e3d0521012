import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_PARAMS = /^(cle_mac|password|pin|token|key|currentpassword|newpassword)$/i;

/** Request URLs as logged: secrets in the query string (the TV app's cle_mac) never reach a log line. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY_PARAMS.test(name)) params.set(name, '[REDACTED]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

export function loggerOptions(level: string) {
  return {
    level,
    // Bodies and headers are never logged; cookies and auth headers are redacted if anything adds them.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
