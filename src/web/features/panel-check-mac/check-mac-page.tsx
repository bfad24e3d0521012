import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';

export function CheckMacPage() {
  const { t } = useTranslation('panel');
  return <PageIntro title={t('checkMac.title')} intro={t('checkMac.intro')} />;
}
