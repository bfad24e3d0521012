import type { ClientStatus } from '@shared/api/client';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@web/components/ui/stat-card';
import { formatNumber } from '@web/lib/format';
import { clientCountQuery } from './api';

function StatusCount({
  status,
  label,
  icon,
}: {
  status: ClientStatus | '';
  label: string;
  icon: typeof Users;
}) {
  const { i18n } = useTranslation();
  const count = useQuery(clientCountQuery(status));
  return (
    <StatCard
      label={label}
      value={count.data === undefined ? '–' : formatNumber(count.data, i18n.language)}
      icon={icon}
    />
  );
}

/** How many registrations there are in all, and Pending, Approved and Rejected. */
export function ClientStatusCounts() {
  const { t } = useTranslation('panel-network');
  return (
    <section aria-label={t('clients.stats.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatusCount status="" label={t('clients.stats.total')} icon={Users} />
      <StatusCount status="Pending" label={t('clients.stats.pending')} icon={Clock} />
      <StatusCount status="Approved" label={t('clients.stats.approved')} icon={CircleCheck} />
      <StatusCount status="Rejected" label={t('clients.stats.rejected')} icon={CircleX} />
    </section>
  );
}
