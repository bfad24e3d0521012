import { dashboardResponseSchema, type DashboardCounts } from '@shared/api/panel-device';
import { apiRequest } from '@web/lib/api-client';

/** GET /dashboard?user={id}: the seven counts, for everything (admin) or the user's own devices. */
export async function fetchDashboard(userId: number, signal?: AbortSignal): Promise<DashboardCounts> {
  const answer = await apiRequest('/dashboard', {
    query: { user: userId },
    signal,
    schema: dashboardResponseSchema,
  });
  return answer.data;
}
