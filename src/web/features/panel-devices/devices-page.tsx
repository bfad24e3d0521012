import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';

export function DevicesPage() {
  const { t } = useTranslation('panel');
  return <PageIntro title={t('devices.title')} intro={t('devices.intro')} />;
}
