import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** A value of the address that must be one of a few; anything else reads as the fallback. */
export function oneOf<T extends string | number>(options: readonly T[], value: unknown, fallback: T): T {
  return options.find((option) => String(option) === value) ?? fallback;
}

/** The page number in the address: a whole number from 1, else 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list's filters kept in the address, so a reload, a shared link or Back shows the same page.
 * Any change but the page itself starts again at page 1 and replaces the history entry; turning
 * the page adds one, so Back returns to the previous page.
 */
export function useListParams<Filters extends { page: number }>(
  read: (params: URLSearchParams) => Filters,
  write: (filters: Filters) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  function update(change: Partial<Filters>, { replace = !('page' in change) } = {}) {
    setParams(write({ ...filters, page: 1, ...change }), { replace });
  }
  return { filters, update };
}

/**
 * Once the answer says how many pages there are, a page past the last (after a deletion, or from
 * an old link) steps back to the last one.
 */
export function useClampPage(page: number, lastPage: number | undefined, goTo: (page: number) => void) {
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage) goTo(lastPage);
  }, [page, lastPage, goTo]);
}
