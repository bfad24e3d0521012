import { useTranslation } from 'react-i18next';
import { DeviceAccount } from '../components/device-account';

/** /account/playlists: the same device page, reached from the site's Playlists link. */
export function AccountPlaylistsPage() {
  const { t } = useTranslation('device');
  return <DeviceAccount title={t('pages.playlists.title')} intro={t('pages.playlists.intro')} />;
}
