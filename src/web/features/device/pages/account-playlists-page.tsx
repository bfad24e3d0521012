import { useTranslation } from 'react-i18next';
import { DevicePageFrame } from '../components/device-page-frame';

export function AccountPlaylistsPage() {
  const { t } = useTranslation('device');
  return <DevicePageFrame title={t('pages.playlists.title')} intro={t('pages.playlists.intro')} />;
}
