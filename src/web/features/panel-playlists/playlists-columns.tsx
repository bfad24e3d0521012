import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { Badge } from '@web/components/ui/badge';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { cn } from '@web/lib/utils';
import type { PanelPlaylist } from './api';
import { PlaylistActions, type PlaylistRowHandlers } from './playlist-row-actions';
import { UrlCell } from './playlist-url-cell';
import type { Unlocked } from './use-playlists-list';

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
        // In the playlist's own direction, so a long Latin name in Arabic is cut at its end.
        <span
          dir="auto"
          title={playlist.name}
          className={cn('block max-w-48 truncate', alignWithSurroundingText)}
        >
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
