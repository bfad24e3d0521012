import { useTranslation } from 'react-i18next';
import { DevicePageFrame } from '../components/device-page-frame';

export function AccountViewPage() {
  const { t } = useTranslation('device');
  return <DevicePageFrame title={t('pages.view.title')} intro={t('pages.view.intro')} />;
}
