import type { PlaylistView } from '@shared/api/playlist';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Under a playlist's name: a hint while it is locked, else its account's host and username, or its URL. */
export function PlaylistSummary({ details, locked }: { details: PlaylistView; locked: boolean }) {
  const { t } = useTranslation('device');
  if (locked) return <p className="text-sm text-muted-foreground">{t('playlists.lockedHint')}</p>;
  if (details.isAccount) {
    return (
      <p className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span dir="ltr" className="break-all font-mono">
          {details.host}
        </span>
        <span className="inline-flex items-center gap-1">
          <UserRound aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t('form.username')}: </span>
          <span dir="ltr" className="break-all font-mono">
            {details.username}
          </span>
        </span>
      </p>
    );
  }
  return (
    <p dir="ltr" className="break-all text-start font-mono text-sm text-muted-foreground">
      {details.url}
    </p>
  );
}
