import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';

export function ClientsPage() {
  const { t } = useTranslation('panel');
  return <PageIntro title={t('clients.title')} intro={t('clients.intro')} />;
}
