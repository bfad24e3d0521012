import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
 * Carries each state-changing request through its handler. From preHandler: the body has been read
 * by then (a stream's events would not carry the context), and the handler runs inside `done`.
 * Reads (GET, HEAD, OPTIONS) change nothing, so the TV app's hot path pays nothing for it.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
      done();
      return;
    }
    serving.run(request, done);
  });
}
