import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';

export function PlaylistsPage() {
  const { t } = useTranslation('panel');
  return <PageIntro title={t('playlists.title')} intro={t('playlists.intro')} />;
}
