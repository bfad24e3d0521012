import { useTranslation } from 'react-i18next';
import { DeviceAccount } from '../components/device-account';

/** /account/view: the device page (docs/product.md). */
export function AccountViewPage() {
  const { t } = useTranslation('device');
  return <DeviceAccount title={t('pages.view.title')} intro={t('pages.view.intro')} />;
}
