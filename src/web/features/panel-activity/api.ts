import { type AuditEntryView, type AuditFilters, auditPageSchema } from '@shared/api/audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

const PAGE_SIZE = 50;

/** The filters with their empty fields left out, as the query string carries them. */
export function filterParams(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>;
}

/** GET /audit, newest first, a page at a time ("Show more" asks for the next one by cursor). */
export function useAuditLog(filters: AuditFilters) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.auditLog(filters),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/audit', {
        signal,
        schema: auditPageSchema,
        query: { ...filterParams(filters), limit: PAGE_SIZE, cursor: pageParam },
      }),
    getNextPageParam: (page) => page.next_cursor,
  });
  const entries: AuditEntryView[] | undefined = query.data?.pages.flatMap((page) => page.data);
  return { query, entries };
}

/** Export CSV: the server's download of every entry the filters select (no paging). */
export function auditCsvHref(filters: AuditFilters): string {
  const query = new URLSearchParams(filterParams(filters)).toString();
  return `${API_BASE}/audit.csv${query ? `?${query}` : ''}`;
}
