import { successSchema } from '@shared/api/auth';
import { linkListResponseSchema, type LinkBody, type LinkView } from '@shared/api/link';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const linksQueryKey = ['panel', 'links'] as const;

/** GET /link: every application link, newest first. */
export function linksQuery() {
  return queryOptions({
    queryKey: linksQueryKey,
    queryFn: async ({ signal }): Promise<LinkView[]> =>
      (await apiRequest('/link', { signal, schema: linkListResponseSchema })).data,
  });
}

/** POST /link (admins). */
export async function createLink(body: LinkBody): Promise<void> {
  await apiRequest('/link', { method: 'POST', body, schema: successSchema });
}

/** PUT /link/{id} (admins). */
export async function updateLink(id: number, body: LinkBody): Promise<void> {
  await apiRequest(`/link/${id}`, { method: 'PUT', body, schema: successSchema });
}

/** DELETE /link/{id} (admins). */
export async function deleteLink(id: number): Promise<void> {
  await apiRequest(`/link/${id}`, { method: 'DELETE', schema: successSchema });
}
