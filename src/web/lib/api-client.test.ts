import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, ApiRequestError } from './api-client';
import { translateError } from './api-errors';

function answer(status: number, body?: unknown, contentType = 'application/json') {
  return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': contentType },
  });
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with the session cookie to /api/v1 and returns the body', async () => {
    const fetchMock = vi.fn(async () => answer(200, { success: true, data: { id: 3 } }));
    vi.stubGlobal('fetch', fetchMock);

    const result = await apiRequest('/auth/check', { method: 'POST', body: {} });

    expect(result).toEqual({ success: true, data: { id: 3 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/check', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: '{}',
      signal: undefined,
    });
  });

  it('sends extra headers, and never lets them replace Accept', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('/playlist/02:AA:BB:CC:DD:EE/3', {
      method: 'DELETE',
      headers: { 'X-Playlist-Pin': '4321', Accept: 'text/html' },
    });

    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({
      'X-Playlist-Pin': '4321',
      Accept: 'application/json',
    });
  });

  it('leaves empty query values out of the URL', async () => {
    const fetchMock = vi.fn(async (_url: string) => answer(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('/device/all', {
      query: { page: 2, search: 'ab cd', status: undefined, payment: null },
    });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/device/all?page=2&search=ab+cd');
  });

  it('throws the error envelope as an ApiRequestError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(400, { success: false, code: 'invalid_input', message: 'Bad email', field: 'email' }),
      ),
    );

    const error = await apiRequest('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', message: 'Bad email', field: 'email' });
    expect(translateError(error)).toBe('Some of the information you entered is not valid.');
  });

  it('names a failure without an envelope by its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(502, '<html>Bad gateway</html>', 'text/html')),
    );
    await expect(apiRequest('/link')).rejects.toMatchObject({ status: 502, code: 'internal_error' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(429)),
    );
    await expect(apiRequest('/link')).rejects.toMatchObject({ status: 429, code: 'too_many_attempts' });
  });

  it('reports an unreachable server as network_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiRequest('/link').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(translateError(error)).toBe('We could not reach the server. Check your connection and try again.');
  });

  it('checks the answer against a schema when given one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { success: true, data: 'not a number' })),
    );
    const schema = z.object({ success: z.literal(true), data: z.number() });
    await expect(apiRequest('/x', { schema })).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('translates unexpected failures as unknown', () => {
    expect(translateError(new Error('boom'))).toBe('An unknown error occurred');
    expect(
      translateError(new ApiRequestError({ status: 418, code: 'teapot', message: 'I am a teapot' })),
    ).toBe('An unknown error occurred');
  });
});
