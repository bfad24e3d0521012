import { splitAccountUrl, type PlaylistView } from '@shared/api/playlist';
import { Lock, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LastProbeLine } from '@web/components/last-probe-line';
import { CopyButton } from '@web/components/ui/copy-button';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { cn } from '@web/lib/utils';
import type { PanelPlaylist } from './api';

/**
 * An account's host and username, never its password: the table is read over shoulders and shared
 * screens, so it shows what the device page shows. The copy button still copies the whole address,
 * because that is what a player needs pasted.
 */
function AccountSummary({ host, username }: { host: string; username: string }) {
  const { t } = useTranslation('panel-devices');
  return (
    <span className="flex min-w-0 flex-col text-xs">
      <span
        dir="ltr"
        title={host}
        className={cn('block min-w-0 truncate font-mono', alignWithSurroundingText)}
      >
        {host}
      </span>
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">{t('playlists.form.username')}: </span>
        <span dir="ltr" title={username} className="min-w-0 truncate font-mono">
          {username}
        </span>
      </span>
    </span>
  );
}

/**
 * The URL cell: masked dots for a locked playlist, an account's host and username, or the address,
 * with the playlist's last check under it.
 */
export function UrlCell({ playlist, view }: { playlist: PanelPlaylist; view: PlaylistView | undefined }) {
  const { t } = useTranslation('panel-devices');
  const shown = view ?? playlist;
  const url = shown.url;
  if (!url) {
    return (
      <span className="flex items-center gap-2 text-muted-foreground">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        <span aria-hidden="true" className="font-mono tracking-widest" data-testid="masked-url">
          ••••••••••••
        </span>
        <span className="sr-only">{t('playlists.masked')}</span>
      </span>
    );
  }
  // Older rows may carry only the URL: its query holds the same host, username and password.
  const account = shown.isAccount
    ? shown.host && shown.username
      ? { host: shown.host, username: shown.username }
      : splitAccountUrl(url)
    : null;
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      {/* min-w-0: the address shrinks to its column (or card) and is cut with an ellipsis. */}
      <span className="flex min-w-0 items-center gap-1">
        {account ? (
          <AccountSummary host={account.host} username={account.username} />
        ) : (
          <span dir="ltr" title={url} className="block min-w-0 truncate font-mono text-xs">
            {url}
          </span>
        )}
        <CopyButton value={url} label={t('playlists.urlLabel', { name: playlist.name })} />
      </span>
      <LastProbeLine result={shown.last_probe} />
    </span>
  );
}
