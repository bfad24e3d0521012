import { successSchema } from '@shared/api/auth';
import {
  clientListResponseSchema,
  type ClientPlan,
  type ClientRegistrationView,
  type ClientStatus,
  type PageMeta,
} from '@shared/api/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const clientsQueryKey = ['panel', 'clients'] as const;

export interface ClientFilters {
  page: number;
  limit: number;
  search: string;
  status: ClientStatus | '';
  plan: ClientPlan | '';
}

/** GET /client?page&limit&search&status&plan (admins). */
export function clientsQuery(filters: ClientFilters) {
  return queryOptions({
    queryKey: [...clientsQueryKey, 'list', filters],
    queryFn: async ({ signal }): Promise<{ data: ClientRegistrationView[]; meta: PageMeta }> => {
      const answer = await apiRequest('/client', {
        query: {
          page: filters.page,
          limit: filters.limit,
          search: filters.search.trim() || undefined,
          status: filters.status || undefined,
          plan: filters.plan || undefined,
        },
        signal,
        schema: clientListResponseSchema,
      });
      return { data: answer.data, meta: answer.meta };
    },
    placeholderData: keepPreviousData,
  });
}

/** How many registrations there are, in all and per status (the list's meta.total with limit=1). */
export function clientCountQuery(status: ClientStatus | '') {
  return queryOptions({
    queryKey: [...clientsQueryKey, 'count', status],
    queryFn: async ({ signal }): Promise<number> =>
      (
        await apiRequest('/client', {
          query: { page: 1, limit: 1, status: status || undefined },
          signal,
          schema: clientListResponseSchema,
        })
      ).meta.total,
  });
}

/** PUT /client/update: Approve (with the plan to activate) or Reject a Pending registration. */
export async function decideClient(
  body: { id: number; status: 'Approved'; plan: ClientPlan } | { id: number; status: 'Rejected' },
): Promise<void> {
  await apiRequest('/client/update', { method: 'PUT', body, schema: successSchema });
}
