import { PAGE_SIZES } from '@shared/api/panel-device';
import { API_BASE } from '@web/lib/api-client';
import type { DeviceListParams } from '@web/lib/panel-devices-api';
import { oneOf, readPage } from '@web/lib/use-list-params';

export const PLAN_FILTERS = ['free', 'year', 'lifetime'] as const;
export const PAYMENT_FILTERS = ['paid', 'unpaid', 'free'] as const;
/** "Expiring in 7 days": the dashboard's card and the expiry digest's e-mail link here. */
export const EXPIRY_FILTERS = ['7d'] as const;
export type PlanFilter = (typeof PLAN_FILTERS)[number];
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
export type ExpiryFilter = (typeof EXPIRY_FILTERS)[number];
export type PageSize = (typeof PAGE_SIZES)[number];

export interface DeviceFilters {
  page: number;
  per_page: PageSize;
  status: PlanFilter | '';
  payment: PaymentFilter | '';
  search: string;
  expiring: ExpiryFilter | '';
}

export const DEFAULT_FILTERS: DeviceFilters = {
  page: 1,
  per_page: 10,
  status: '',
  payment: '',
  search: '',
  expiring: '',
};

/** The list's state is kept in the address, so a reload, a shared link or Back shows the same page. */
export function readFilters(params: URLSearchParams): DeviceFilters {
  return {
    page: readPage(params),
    per_page: oneOf(PAGE_SIZES, params.get('per_page'), DEFAULT_FILTERS.per_page),
    status: oneOf<PlanFilter | ''>(PLAN_FILTERS, params.get('status'), ''),
    payment: oneOf<PaymentFilter | ''>(PAYMENT_FILTERS, params.get('payment'), ''),
    search: (params.get('search') ?? '').slice(0, 100),
    expiring: oneOf<ExpiryFilter | ''>(EXPIRY_FILTERS, params.get('expiring'), ''),
  };
}

/** Only what differs from the defaults goes into the address. */
export function writeFilters(filters: DeviceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.payment) params.set('payment', filters.payment);
  if (filters.expiring) params.set('expiring', filters.expiring);
  if (filters.per_page !== DEFAULT_FILTERS.per_page) params.set('per_page', String(filters.per_page));
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

export function toListQuery(filters: DeviceFilters): DeviceListParams {
  return {
    page: filters.page,
    per_page: filters.per_page,
    status: filters.status || undefined,
    payment: filters.payment || undefined,
    search: filters.search.trim() || undefined,
    expiring: filters.expiring || undefined,
  };
}

/** The current filters as a query string (search, plan, payment, expiry), for the CSV and for messages. */
function filterQuery(filters: DeviceFilters): string {
  const { search, status, payment, expiring } = toListQuery(filters);
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (status) params.set('status', status);
  if (payment) params.set('payment', payment);
  if (expiring) params.set('expiring', expiring);
  return params.toString();
}

/** "Message these devices": the message form, opened with the devices the current filters select. */
export function messageDevicesHref(filters: DeviceFilters): string {
  const query = filterQuery(filters);
  return `/dashboard/device-messages?compose${query ? `&${query}` : ''}`;
}

/** Export CSV: the server's download of every device the current filters select (no paging). */
export function exportCsvHref(filters: DeviceFilters): string {
  const query = filterQuery(filters);
  return `${API_BASE}/device/export.csv${query ? `?${query}` : ''}`;
}
