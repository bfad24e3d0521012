import { useTranslation } from 'react-i18next';
import { DevicePageFrame } from '../components/device-page-frame';

export function AddPlaylistPage() {
  const { t } = useTranslation('device');
  return <DevicePageFrame title={t('pages.addPlaylist.title')} intro={t('pages.addPlaylist.intro')} />;
}
