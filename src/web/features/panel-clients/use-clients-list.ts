import { useQuery } from '@tanstack/react-query';
import { useClampPage, useListParams } from '@web/lib/use-list-params';
import { clientsQuery } from './api';
import { readFilters, writeFilters } from './client-filters';

const PAGE_SIZE = 10;

/** Client Registrations' list: the filters in the address, the page of registrations they select. */
export function useClientsList() {
  const { filters, update } = useListParams(readFilters, writeFilters);
  const query = useQuery(clientsQuery({ ...filters, limit: PAGE_SIZE }));
  const meta = query.data?.meta;
  useClampPage(filters.page, meta?.totalPages, (page) => update({ page }, { replace: true }));
  const range =
    meta && meta.total > 0
      ? { from: (meta.page - 1) * meta.limit + 1, to: Math.min(meta.page * meta.limit, meta.total) }
      : { from: 0, to: 0 };
  return { filters, update, query, clients: query.data?.data, meta, range };
}
