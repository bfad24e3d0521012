import { type DashboardCounts, EXPIRING_SOON_DEVICES_PATH } from '@shared/api/panel-device';
import { useQuery } from '@tanstack/react-query';
import {
  Ban,
  Bell,
  CircleAlert,
  CircleCheck,
  CalendarClock,
  Clock,
  MonitorSmartphone,
  ReceiptText,
  RotateCw,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '@web/components/page-intro';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formatNumber } from '@web/lib/format';
import { usePanelUser } from '@web/lib/panel-session';
import { queryKeys } from '@web/lib/query-keys';
import { cn } from '@web/lib/utils';
import { fetchDashboard } from './api';

type CardKey =
  | 'devices'
  | 'blocked'
  | 'clients'
  | 'active'
  | 'expired'
  | 'expiringSoon'
  | 'notifications'
  | 'transactions';

/**
 * docs/product.md's seven cards, in its order, and "expiring in 7 days" after the expired ones: the
 * renewals to make this week, a link to those devices (the daily digest's e-mail links there too).
 */
const CARDS: { key: CardKey; field: keyof DashboardCounts; icon: LucideIcon; to?: string }[] = [
  { key: 'devices', field: 'devicesCount', icon: MonitorSmartphone },
  { key: 'blocked', field: 'blockedDevicesCount', icon: Ban },
  { key: 'clients', field: 'clientsCount', icon: Users },
  { key: 'active', field: 'activeDevicesCount', icon: CircleCheck },
  { key: 'expired', field: 'expiredDevicesCount', icon: Clock },
  {
    key: 'expiringSoon',
    field: 'expiringSoonCount',
    icon: CalendarClock,
    to: EXPIRING_SOON_DEVICES_PATH,
  },
  { key: 'notifications', field: 'notificationsCount', icon: Bell },
  { key: 'transactions', field: 'transactionsCount', icon: ReceiptText },
];

export function DashboardHomePage() {
  const { t, i18n } = useTranslation('panel-devices');
  const user = usePanelUser();
  const query = useQuery({
    queryKey: queryKeys.dashboardOf(user.id),
    queryFn: ({ signal }) => fetchDashboard(user.id, signal),
  });

  // docs/product.md: a refused or failed request names the dashboard; others say what happened.
  const errorMessage =
    isApiRequestError(query.error) && query.error.status > 0
      ? `${t('dashboard.fetchFailed')}. ${translateError(query.error)}`
      : translateError(query.error);

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        title={t('dashboard.title')}
        intro={`${t('dashboard.welcome', { name: user.name })} ${t('dashboard.role', { role: t(`dashboard.roles.${user.role}`) })}`}
      />
      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-red-600/40 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center dark:bg-red-950/60 dark:text-red-100"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1 text-sm">
            <strong className="font-semibold">{t('dashboard.errorLabel')}</strong>
            {errorMessage}
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="self-start sm:self-auto"
          >
            <RotateCw aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
            {t('dashboard.retry')}
          </Button>
        </div>
      ) : (
        <section aria-label={t('dashboard.overview')}>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {CARDS.map(({ key, field, icon, to }) => {
              const card = (
                <StatCard
                  label={t(`dashboard.cards.${key}`)}
                  value={formatNumber(query.data[field], i18n.language)}
                  icon={icon}
                  className={cn('h-full [&_p]:whitespace-normal', to && 'transition-colors hover:bg-accent')}
                />
              );
              return (
                <li key={key}>
                  {to ? (
                    <Link
                      to={to}
                      title={t('dashboard.showExpiring')}
                      className="block h-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {card}
                    </Link>
                  ) : (
                    card
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
