import type { AuditFilters } from '@shared/api/audit';
import { filterParams } from '@web/components/audit/use-audit-log';
import { API_BASE } from '@web/lib/api-client';

/** Export CSV: the server's download of every entry the filters select (no paging). */
export function auditCsvHref(filters: AuditFilters): string {
  const query = new URLSearchParams(filterParams(filters)).toString();
  return `${API_BASE}/audit.csv${query ? `?${query}` : ''}`;
}
