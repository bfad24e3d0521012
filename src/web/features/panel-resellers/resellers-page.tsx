import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';

export function ResellersPage() {
  const { t } = useTranslation('panel');
  return <PageIntro title={t('resellers.title')} intro={t('resellers.intro')} />;
}
