import { Coins, Sigma, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@web/components/ui/stat-card';
import { formatNumber } from '@web/lib/format';

/** How many resellers, their credits together, and the average per reseller ('–' until loaded). */
export function ResellerStats({
  stats,
  loading,
}: {
  stats: { count: number; totalCredits: number; averageCredits: number };
  loading: boolean;
}) {
  const { t, i18n } = useTranslation('panel-network');
  const lng = i18n.language;
  const shown = (value: string) => (loading ? '–' : value);
  return (
    <section aria-label={t('resellers.stats.label')} className="grid gap-4 sm:grid-cols-3">
      <StatCard
        label={t('resellers.stats.total')}
        value={shown(formatNumber(stats.count, lng))}
        icon={Users}
      />
      <StatCard
        label={t('resellers.stats.credits')}
        value={shown(formatNumber(stats.totalCredits, lng))}
        icon={Coins}
      />
      <StatCard
        label={t('resellers.stats.average')}
        value={shown(new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }).format(stats.averageCredits))}
        icon={Sigma}
      />
    </section>
  );
}
