import type { FastifyBaseLogger, FastifyLogFn, FastifyRequest } from 'fastify';
import { isKnownAppPath } from '../shared/routes';

/**
 * The query parameters a log line may show, each with the shape its value must have to be written.
 * Redacting known secret names was not enough: `cle_mac[]=`, `cle%5Fmac=`, `CLE_MAC=` or
 * `mac=X;cle_mac=KEY` all slipped past a name pattern. So nothing is written unless it is on this
 * list, and a value that does not look like what the parameter takes is dropped too. MACs, search
 * terms and anything a client invents stay out.
 */
const LOGGABLE_QUERY_PARAMS: Readonly<Record<string, RegExp>> = {
  lng: /^[a-z]{2}(?:-[a-z]{2})?$/i,
  page: /^\d{1,7}$/,
  per_page: /^\d{1,3}$/,
  limit: /^\d{1,3}$/,
  status: /^[a-z]{1,10}$/i,
  payment: /^[a-z]{1,10}$/i,
  plan: /^[a-z]{1,10}$/i,
  user: /^\d{1,10}$/,
  parentId: /^\d{1,10}$/,
};

/** Where a request was going, as logged; see loggedUrl. */
function loggedPath(request: FastifyRequest): string {
  // A matched route is logged by its pattern (/api/v1/playlist/:mac/:playlistId): path parameters,
  // which may carry a MAC or a key, never reach the log.
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  // Unmatched: the web app's own pages (a fixed list, so nothing a client chose) by their normalised
  // path; any other address could hold anything, a key included (/api/v1/device;cle_mac=...).
  const pathname = request.url.split('?')[0] ?? '';
  if (isKnownAppPath(pathname)) return pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return '(unmatched)';
}

/**
 * The request's address as a log line shows it: the route, plus only the query parameters on the
 * allow-list, each once, with a value of the expected shape. Secrets such as the TV app's device key
 * cannot reach a log line under any spelling, because nothing unlisted is written at all.
 */
export function loggedUrl(request: FastifyRequest): string {
  const path = loggedPath(request);
  const queryStart = request.url.indexOf('?');
  if (queryStart === -1) return path;
  const logged = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(request.url.slice(queryStart + 1))) {
    const shape = Object.hasOwn(LOGGABLE_QUERY_PARAMS, name) ? LOGGABLE_QUERY_PARAMS[name] : undefined;
    if (shape?.test(value) && !logged.has(name)) logged.set(name, value);
  }
  const query = logged.toString();
  return query ? `${path}?${query}` : path;
}

export function loggerOptions(level: string) {
  return {
    level,
    // Bodies and headers are never logged; cookies and auth headers are redacted if anything adds them.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: loggedUrl(request), remoteAddress: request.ip };
      },
    },
  };
}

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LevelCheck = { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made when the request first logs. Fastify gives every request a child of the
 * server's logger, bound to the request's id; pino builds that child (its bindings serialized, its
 * own object) whether or not anything is written, and at the levels we run at a TV poll writes
 * nothing. A line that is written is the same as from the child made at once: the child is made
 * then, with the same bindings.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger & LevelCheck;
  readonly #bindings: Bindings;
  #made: FastifyBaseLogger | null = null;

  constructor(parent: FastifyBaseLogger & LevelCheck, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #child(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings));
  }

  /** The logger to write at `level` through, or null when nothing at that level is written. */
  #writer(level: LogLevel): FastifyBaseLogger | null {
    if (this.#made) return this.#made;
    return this.#parent.isLevelEnabled(level) ? this.#child() : null;
  }

  get level(): FastifyBaseLogger['level'] {
    return (this.#made ?? this.#parent).level;
  }

  set level(level: FastifyBaseLogger['level']) {
    this.#child().level = level;
  }

  // Methods on the prototype, not arrow properties: one logger per request, no closures each.
  fatal(...args: Parameters<FastifyLogFn>): void {
    this.#writer('fatal')?.fatal(...args);
  }
  error(...args: Parameters<FastifyLogFn>): void {
    this.#writer('error')?.error(...args);
  }
  warn(...args: Parameters<FastifyLogFn>): void {
    this.#writer('warn')?.warn(...args);
  }
  info(...args: Parameters<FastifyLogFn>): void {
    this.#writer('info')?.info(...args);
  }
  debug(...args: Parameters<FastifyLogFn>): void {
    this.#writer('debug')?.debug(...args);
  }
  trace(...args: Parameters<FastifyLogFn>): void {
    this.#writer('trace')?.trace(...args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's logger made on its first line (see RequestLogger). A
 * route with its own level or serializers gets its child at once, as Fastify would make it.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  const parent = logger as FastifyBaseLogger & Partial<LevelCheck>;
  if (options.level !== undefined || options.serializers !== undefined || !parent.isLevelEnabled) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(parent as FastifyBaseLogger & LevelCheck, bindings);
}
