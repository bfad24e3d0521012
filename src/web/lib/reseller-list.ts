import { resellerListResponseSchema, type ResellerView } from '@shared/api/reseller';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /reseller: every non-admin for an admin, the direct sub-resellers for anyone else (the server
 * decides the scope from the session). Shared by the Resellers and Credits pages, so a transfer on one
 * refreshes the balances shown on the other.
 */
export const resellersQueryKey = queryKeys.resellers;

export function resellersQuery() {
  return queryOptions({
    queryKey: resellersQueryKey,
    queryFn: async ({ signal }): Promise<ResellerView[]> =>
      (await apiRequest('/reseller', { signal, schema: resellerListResponseSchema })).data,
  });
}
