import { ListVideo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaylistRow, type PlaylistRowActions, type PlaylistRowData } from './playlist-row';

/**
 * The device's playlists. A protected row shows a lock and keeps its url, Edit and Delete hidden
 * until the right PIN is entered for that row (docs/product.md).
 */
export function PlaylistList({ rows, ...actions }: PlaylistRowActions & { rows: PlaylistRowData[] }) {
  const { t } = useTranslation('device');
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <ListVideo aria-hidden="true" className="size-6" />
        </span>
        <p className="font-medium">{t('playlists.empty')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t('playlists.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={t('playlists.listLabel')}>
      {rows.map((row) => (
        <PlaylistRow key={row.playlist.id} row={row} {...actions} />
      ))}
    </ul>
  );
}
