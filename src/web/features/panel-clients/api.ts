import {
  clientDecisionResponseSchema,
  clientListResponseSchema,
  type ClientPlan,
  type ClientRegistrationView,
  type ClientStatus,
  type PageMeta,
} from '@shared/api/client';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

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
    queryKey: queryKeys.clientList(filters),
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
    queryKey: queryKeys.clientCount(status),
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

export type ClientDecision = { status: 'Approved'; plan: ClientPlan } | { status: 'Rejected' };

/**
 * PUT /client/update: Approve (with the plan to activate) or Reject a Pending registration. The list
 * is refreshed either way: a refusal may mean the registration was decided elsewhere.
 */
export function useDecideClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ClientDecision) => {
      await apiRequest('/client/update', {
        method: 'PUT',
        body: { id, ...decision },
        schema: clientDecisionResponseSchema,
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.clients }),
  });
}
