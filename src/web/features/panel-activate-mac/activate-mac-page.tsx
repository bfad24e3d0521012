import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';

export function ActivateMacPage() {
  const { t } = useTranslation('panel');
  return <PageIntro title={t('activateMac.title')} intro={t('activateMac.intro')} />;
}
