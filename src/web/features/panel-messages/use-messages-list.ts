import { useClampPage, useListParams, readPage } from '@web/lib/use-list-params';
import { useContactMessages } from './api';

const PAGE_SIZE = 10;

const readFilters = (params: URLSearchParams) => ({ page: readPage(params) });
const writeFilters = ({ page }: { page: number }) =>
  new URLSearchParams(page > 1 ? { page: String(page) } : {});

/** The contact messages' list: the page in the address, the messages on it. */
export function useMessagesList() {
  const { filters, update } = useListParams(readFilters, writeFilters);
  const query = useContactMessages(filters.page, PAGE_SIZE);
  const meta = query.data?.meta;
  useClampPage(filters.page, meta?.totalPages, (page) => update({ page }, { replace: true }));
  return {
    page: filters.page,
    goTo: (page: number) => update({ page }),
    query,
    messages: query.data?.data,
    meta,
  };
}
