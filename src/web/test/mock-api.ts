import type { PanelUser } from '@shared/api/auth';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** Path below /api/v1, e.g. '/auth/login'. */
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  credentials: RequestCredentials | undefined;
  /** Request headers as sent (names as the caller spelled them). */
  headers: Record<string, string>;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

type Route = MockAnswer | ((call: ApiCall) => MockAnswer);

function jsonResponse({ status = 200, body }: MockAnswer): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch with a fake API. Routes are keyed 'METHOD /path'; the set can be changed while a
 * test runs (`api.routes[...] = ...`), e.g. to answer /auth/check differently after a sign-in.
 */
export function mockApi(initialRoutes: Record<string, Route> = {}) {
  const routes: Record<string, Route> = { ...initialRoutes };
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init?.credentials,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) {
      return jsonResponse({ status: 404, body: { success: false, code: 'not_found', message: 'Not found' } });
    }
    return jsonResponse(typeof route === 'function' ? route(call) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    routes,
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const signedOut: MockAnswer = {
  status: 401,
  body: { success: false, code: 'unauthorized', message: 'Not signed in' },
};

export function signedInAs(user: PanelUser, notifs: unknown[] = []): MockAnswer {
  return { status: 200, body: { success: true, data: user, notifs } };
}

/** A fake API with a session that sign-in and sign-out really change. */
export function mockPanelApi(options: { user?: PanelUser | null; notifs?: unknown[] } = {}) {
  let current: PanelUser | null = options.user ?? null;
  const api = mockApi({
    'POST /auth/check': () => (current ? signedInAs(current, options.notifs) : signedOut),
    'POST /auth/logout': () => {
      current = null;
      return { body: { success: true } };
    },
  });
  return {
    ...api,
    signIn(user: PanelUser) {
      current = user;
    },
  };
}

/** The URL of the n-th fetch the fake API received (query string included). */
export function requestedUrl(fetchMock: { mock: { calls: unknown[][] } }, index: number): URL {
  const input = fetchMock.mock.calls[index]?.[0];
  return new URL(String(input), 'http://localhost');
}
