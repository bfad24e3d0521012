import { CLIENT_PLANS, CLIENT_STATUSES, type ClientPlan, type ClientStatus } from '@shared/api/client';
import { oneOf, readPage } from '@web/lib/use-list-params';

export interface ClientListFilters {
  page: number;
  search: string;
  status: ClientStatus | '';
  plan: ClientPlan | '';
}

/** The list's state is kept in the address, so a reload, a shared link or Back shows the same page. */
export function readFilters(params: URLSearchParams): ClientListFilters {
  return {
    page: readPage(params),
    search: (params.get('search') ?? '').slice(0, 100),
    status: oneOf<ClientStatus | ''>(CLIENT_STATUSES, params.get('status'), ''),
    plan: oneOf<ClientPlan | ''>(CLIENT_PLANS, params.get('plan'), ''),
  };
}

/** Only what differs from the defaults goes into the address. */
export function writeFilters(filters: ClientListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.plan) params.set('plan', filters.plan);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}
