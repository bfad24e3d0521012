import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';
import { usePanelUser } from '@web/lib/panel-session';
import { RecentTransactions } from './recent-transactions';
import { TransferCard } from './transfer-card';

/** Transfer Credits (docs/product.md); also shown at /test. */
export function CreditsPage() {
  const { t } = useTranslation('panel-network');
  const user = usePanelUser();
  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        title={t('credits.title')}
        intro={user.role === 'admin' ? t('credits.introAdmin') : t('credits.intro')}
      />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <TransferCard user={user} />
        <RecentTransactions user={user} />
      </div>
    </div>
  );
}
