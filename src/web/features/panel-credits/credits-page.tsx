import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';

export function CreditsPage() {
  const { t } = useTranslation('panel');
  return <PageIntro title={t('credits.title')} intro={t('credits.intro')} />;
}
