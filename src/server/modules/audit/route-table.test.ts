import { beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../test/test-app';
import type { RouteAudit } from './route-audit';

type Route = { route: string; audit: RouteAudit | undefined };
const routes: Route[] = [];

beforeAll(async () => {
  for (const route of await appRoutes()) {
    for (const method of [route.method].flat()) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(method)) continue;
      routes.push({ route: `${method} ${route.url}`, audit: route.config?.audit });
    }
  }
});

/**
 * Routes whose actions are not recorded yet (issue 17): this list only shrinks, and is empty now. A
 * new route declares `records` or `exempt`; `pending` would fail here.
 */
const PENDING: string[] = [];

describe('the audit declaration of every state-changing route (decision 0017)', () => {
  it('walks the route table: every POST, PUT, PATCH and DELETE says what it records or why nothing', () => {
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((r) => r.audit === undefined).map((r) => r.route);
    expect(undeclared, 'routes without config.audit').toEqual([]);
  });

  it('gives every exemption and every partial recording a reason', () => {
    for (const { route, audit } of routes) {
      if (audit && 'exempt' in audit) expect(audit.exempt.length, route).toBeGreaterThan(5);
      if (audit && 'records' in audit) expect(audit.records.length, route).toBeGreaterThan(0);
    }
  });

  it('pins the routes still pending, so the list only shrinks', () => {
    const pending = routes
      .filter((r) => r.audit && 'pending' in r.audit)
      .map((r) => r.route)
      .sort();
    expect(pending).toEqual([...PENDING].sort());
  });
});
