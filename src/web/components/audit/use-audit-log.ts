import { type AuditEntryView, type AuditFilters, auditPageSchema } from '@shared/api/audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

const PAGE_SIZE = 50;

/** The filters with their empty fields left out, as the query string carries them. */
export function filterParams(filters: AuditFilters & { device_id?: number }): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value)
      .map(([key, value]) => [key, String(value)]),
  );
}

/**
 * GET /audit, newest first, a page at a time ("Show more" asks for the next one by cursor); with
 * `device_id`, one device's history (the device's cards show it).
 */
export function useAuditLog(filters: AuditFilters & { device_id?: number }, pageSize = PAGE_SIZE) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.auditLog(filters),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/audit', {
        signal,
        schema: auditPageSchema,
        query: { ...filterParams(filters), limit: pageSize, cursor: pageParam },
      }),
    getNextPageParam: (page) => page.next_cursor,
  });
  const entries: AuditEntryView[] | undefined = query.data?.pages.flatMap((page) => page.data);
  return { query, entries };
}
