import type { PlaylistView } from '@shared/api/playlist';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge } from '@web/components/ui/badge';
import { CopyButton } from '@web/components/ui/copy-button';
import type { PanelPlaylist } from './api';
import { PlaylistActions, type PlaylistRowHandlers } from './playlist-row-actions';
import type { Unlocked } from './use-playlists-list';

/** The URL cell: masked dots for a locked playlist, the address otherwise. */
function UrlCell({ playlist, view }: { playlist: PanelPlaylist; view: PlaylistView | undefined }) {
  const { t } = useTranslation('panel-devices');
  const url = view?.url ?? playlist.url;
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
  return (
    <span className="flex min-w-0 items-center gap-1">
      {/* min-w-0: the address shrinks to its column (or card) and is cut with an ellipsis. */}
      <span dir="ltr" title={url} className="block min-w-0 truncate font-mono text-xs">
        {url}
      </span>
      <CopyButton value={url} label={t('playlists.urlLabel', { name: playlist.name })} />
    </span>
  );
}

/** Name, device, type, URL (masked while locked), protection, and the row's actions. */
export function usePlaylistColumns(
  unlocked: ReadonlyMap<number, Unlocked>,
  handlers: PlaylistRowHandlers,
): DataTableColumn<PanelPlaylist>[] {
  const { t } = useTranslation('panel-devices');
  return [
    {
      id: 'name',
      header: t('playlists.table.name'),
      headerClassName: 'whitespace-nowrap',
      className: 'font-medium',
      cell: (playlist) => (
        <span title={playlist.name} className="block max-w-48 truncate">
          {playlist.name}
        </span>
      ),
    },
    {
      id: 'device',
      header: t('playlists.table.device'),
      headerClassName: 'whitespace-nowrap',
      cell: (playlist) => (
        <span dir="ltr" className="font-mono text-xs whitespace-nowrap">
          {playlist.mac}
        </span>
      ),
    },
    {
      id: 'type',
      header: t('playlists.table.type'),
      className: 'whitespace-nowrap',
      cell: (playlist) => (playlist.isAccount ? t('playlists.type.account') : t('playlists.type.url')),
    },
    {
      id: 'url',
      header: t('playlists.table.url'),
      headerClassName: 'whitespace-nowrap',
      // The address takes the width the other columns leave (max-w-0 keeps its length out of the
      // table's sizing), so a long one never pushes the actions out of the box.
      className: 'w-full max-w-0',
      cell: (playlist) => <UrlCell playlist={playlist} view={unlocked.get(playlist.id)?.view} />,
    },
    {
      id: 'protection',
      header: t('playlists.table.protection'),
      headerClassName: 'whitespace-nowrap',
      cell: (playlist) =>
        playlist.hasPin ? (
          <Badge tone="info">
            <Lock aria-hidden="true" className="size-3" />
            {t('playlists.badge.protected')}
          </Badge>
        ) : (
          <Badge tone="neutral">{t('playlists.badge.open')}</Badge>
        ),
    },
    {
      id: 'actions',
      header: t('playlists.table.actions'),
      headerClassName: 'whitespace-nowrap',
      align: 'end',
      cell: (playlist) => (
        <PlaylistActions playlist={playlist} opened={unlocked.get(playlist.id)} {...handlers} />
      ),
    },
  ];
}
