import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const serving = new AsyncLocalStorage<FastifyRequest>();

/**
 * The request whose handling is running, for the audit log: who acted (the session's account, the
 * API key, the device), from which address. Services record events with their own transaction and
 * need not pass any of it along (decision 0017). Undefined outside a request (timers, workers, the CLI).
 */
export function servingRequest(): FastifyRequest | undefined {
  return serving.getStore();
}

/**
 * Node 20's AsyncLocalStorage carries its context with async hooks. Once `run` has been called, every
 * promise the process makes pays for a hook until the storage is disabled, and that includes the TV
 * app's polls, which never need the context (decision 0034). So the storage is disabled whenever no
 * state-changing request is between its handler and its reply, and the next such request enables it
 * again. Node 24's AsyncLocalStorage keeps its context in the promise itself, costs nothing when idle,
 * and its `disable` acts on the current context only: there the storage is left on.
 */
const disablingSavesHooks = '_enable' in AsyncLocalStorage.prototype;
const handling = new WeakSet<FastifyRequest>();
let handled = 0;

/** How many state-changing requests are being handled in the context (for tests). */
export function requestsInContext(): number {
  return handled;
}

const changesState = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

function enter(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!changesState(request.method)) {
    done();
    return;
  }
  handling.add(request);
  handled += 1;
  serving.run(request, done);
}

/** The handler has answered (onSend; onResponse after it, for a reply that skipped onSend). */
function leave(request: FastifyRequest): void {
  if (!handling.delete(request)) return;
  handled -= 1;
  if (handled === 0 && disablingSavesHooks) serving.disable();
}

/** A route's own hooks of one kind, as a list (a route may give none, one, or several). */
const listOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : ([hooks].flat() as T[]));

/**
 * Carries each state-changing request through its handler. From preHandler: the body has been read
 * by then (a stream's events would not carry the context), and the handler runs inside `done`. Until
 * the reply is sent, not the response written: a client that hangs up mid-request must not leave the
 * handler's remaining work, and its audit entries, without their actor. The hooks are the routes' own,
 * so reads (the TV app's poll) run none of them. Registered before any route that changes state.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some(changesState)) return;
    route.preHandler = [enter, ...listOf(route.preHandler)];
    route.onSend = [
      ...listOf(route.onSend),
      (request, _reply, payload, done) => {
        leave(request);
        done(null, payload);
      },
    ];
    route.onResponse = [
      ...listOf(route.onResponse),
      (request, _reply, done) => {
        leave(request);
        done();
      },
    ];
  });
}
