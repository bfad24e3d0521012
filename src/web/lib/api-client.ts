import { apiErrorSchema } from '@shared/api/common';
import type { z } from 'zod';

export const API_BASE = '/api/v1';

/** Codes the client itself produces, next to the server's ERROR_CODES. */
export type ClientErrorCode = 'network_error' | 'invalid_response';

/** A failed API call: the server's error envelope, or what the client made of a failure without one. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(init: { status: number; code: string; message: string; field?: string | undefined }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Checks the success body against the shared contract. */
  schema?: z.ZodType<T>;
  /** Extra request headers (e.g. a protected playlist's `X-Playlist-Pin`). */
  headers?: Record<string, string>;
}

/** When a failure has no error envelope (a proxy page, an empty body), name it by its status. */
function codeForStatus(status: number): string {
  if (status === 400) return 'invalid_input';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 402) return 'insufficient_credits';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'too_many_attempts';
  if (status === 503) return 'service_unavailable';
  return 'internal_error';
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one way the web app talks to the API: JSON in and out, the session cookie sent, and any
 * non-2xx answer thrown as an ApiRequestError whose `code` the UI translates (`errors.<code>`).
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, signal, schema } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError({
      status: 0,
      code: 'network_error',
      message: 'The server could not be reached',
    });
  }

  const payload = await readJson(response);

  if (!response.ok) {
    const envelope = apiErrorSchema.safeParse(payload);
    if (envelope.success) {
      throw new ApiRequestError({ status: response.status, ...envelope.data });
    }
    throw new ApiRequestError({
      status: response.status,
      code: codeForStatus(response.status),
      message: response.statusText || `HTTP ${response.status}`,
    });
  }

  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: 'invalid_response',
      message: `Unexpected response from ${method} ${path}`,
    });
  }
  return parsed.data;
}
