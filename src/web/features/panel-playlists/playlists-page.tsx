import { ListVideo, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@web/components/data-table';
import { ListLoadError, ListSearchField, ListToolbar } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { StatCard } from '@web/components/ui/stat-card';
import { formatNumber } from '@web/lib/format';
import type { PanelPlaylist } from './api';
import { PinDialog } from './pin-dialog';
import { PlaylistFormDialog, type PlaylistFormTarget } from './playlist-form-dialog';
import { usePlaylistColumns } from './playlists-columns';
import { usePlaylistsList } from './use-playlists-list';

/** Playlist Management: counts, a search by name, the table, and the add, edit, PIN and delete dialogs. */
export function PlaylistsPage() {
  const { t, i18n } = useTranslation('panel-devices');
  const ids = useId();
  const list = usePlaylistsList();
  const { query, counts, unlocked, remember } = list;
  const [formTarget, setFormTarget] = useState<PlaylistFormTarget | null>(null);
  const [pinTarget, setPinTarget] = useState<PanelPlaylist | null>(null);
  const columns = usePlaylistColumns(unlocked, {
    onUnlock: setPinTarget,
    onLock: (playlist) => remember(playlist.id, null),
    onEdit: (playlist, opened) =>
      setFormTarget({ mode: 'edit', playlist, view: opened?.view ?? playlist, pin: opened?.pin }),
  });
  const count = (value: number | undefined) =>
    value === undefined ? '–' : formatNumber(value, i18n.language);

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('playlists.title')} intro={t('playlists.intro')} />

      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
        <StatCard label={t('playlists.total')} value={count(counts?.total)} icon={ListVideo} />
        <StatCard label={t('playlists.protected')} value={count(counts?.protected)} icon={ShieldCheck} />
      </div>

      <section aria-labelledby={`${ids}-caption`} className="grid gap-4">
        <ListToolbar addLabel={t('playlists.add')} onAdd={() => setFormTarget({ mode: 'add' })}>
          <ListSearchField
            id={`${ids}-search`}
            label={t('playlists.searchLabel')}
            value={list.search}
            onValueChange={list.setSearch}
            placeholder={t('playlists.searchPlaceholder')}
            maxLength={100}
            className="sm:w-80"
          />
        </ListToolbar>

        <h2 id={`${ids}-caption`} className="sr-only">
          {t('playlists.table.caption')}
        </h2>
        {query.isError ? (
          <ListLoadError
            title={t('playlists.fetchFailed')}
            error={query.error}
            retryLabel={t('playlists.retry')}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <DataTable
            columns={columns}
            query={query}
            rows={list.playlists}
            rowKey={(playlist) => playlist.id}
            caption={t('playlists.table.caption')}
            loadingLabel={t('playlists.loading')}
            empty={list.none ? t('playlists.empty') : t('playlists.noMatch')}
            failure={t('playlists.fetchFailed')}
            className="bg-card"
          />
        )}
      </section>

      <PlaylistFormDialog
        target={formTarget}
        onOpenChange={(open) => !open && setFormTarget(null)}
        onSaved={({ view, pin }, mode) => {
          // A new protected playlist starts locked; an edited one stays open with its (new) PIN.
          if (mode === 'add') return;
          if (view.hasPin && pin) remember(view.id, { view, pin });
          else remember(view.id, null);
        }}
      />
      <PinDialog
        playlist={pinTarget}
        onOpenChange={(open) => !open && setPinTarget(null)}
        onUnlocked={(playlist, view, pin) => remember(playlist.id, { view, pin })}
      />
    </div>
  );
}
