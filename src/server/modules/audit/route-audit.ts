import type { FastifyInstance } from 'fastify';
import type { EventType } from '../events/domain-events';

/**
 * What a state-changing route writes to the audit log (decision 0017). Every POST, PUT, PATCH and
 * DELETE route declares one (a test walks the route table):
 *  - `records`: the action(s) its success writes; in tests, a 2xx answer that wrote none of them
 *    becomes a 500, so every test that calls the route checks it. `notAlways` says why some
 *    successes write nothing (an unknown e-mail address answered the same as a known one).
 *  - `exempt`: why it changes nothing anyone could be accountable for (a lookup, a check, marking
 *    one's own notifications read).
 *  - `pending`: an action not yet recorded; the list is pinned by the route-table test so it only
 *    shrinks.
 */
export type RouteAudit =
  { records: readonly EventType[]; notAlways?: string } | { exempt: string } | { pending: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
  interface FastifyRequest {
    /** The actions this request recorded (set by the audit recorder). */
    auditedActions: EventType[] | null;
  }
}

/** Notes an action on the request being served, for the tests' check below. */
export function noteAuditedAction(
  request: { auditedActions: EventType[] | null } | undefined,
  action: EventType,
): void {
  if (request) request.auditedActions = [...(request.auditedActions ?? []), action];
}

/**
 * Tests only (BuildOptions.verifyAudit): a successful answer of a route that `records` actions but
 * wrote none of them is turned into a 500 naming the route, so a service that forgets to record
 * fails the route's own tests. A replayed idempotent answer did its recording the first time.
 */
export function verifyRouteAudit(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.audit;
    if (!audit || !('records' in audit) || audit.notAlways) return payload;
    if (reply.statusCode >= 300 || reply.getHeader('idempotent-replayed')) return payload;
    if ((request.auditedActions ?? []).some((action) => audit.records.includes(action))) return payload;
    reply.code(500).type('application/json');
    return JSON.stringify({
      success: false,
      code: 'internal',
      message: `audit: ${request.method} ${request.routeOptions.url} recorded none of ${audit.records.join(', ')}`,
    });
  });
}
