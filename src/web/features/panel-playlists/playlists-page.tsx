import type { PlaylistView } from '@shared/api/playlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ListVideo, Lock, LockOpen, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadError, ListSearchField, ListToolbar } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { CopyButton } from '@web/components/ui/copy-button';
import { StatCard } from '@web/components/ui/stat-card';
import {
  Table,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStatusBody,
} from '@web/components/ui/table';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formatNumber } from '@web/lib/format';
import { usePanelUser } from '@web/lib/panel-session';
import { deletePlaylist, listPlaylists, playlistsQueryKey, type PanelPlaylist } from './api';
import { PinDialog } from './pin-dialog';
import { PlaylistFormDialog, type PlaylistFormTarget } from './playlist-form-dialog';

const COLUMNS = 6;

/** A protected playlist the user has unlocked in this visit: its full view and the PIN that opened it. */
type Unlocked = { view: PlaylistView; pin: string };

/** The URL cell: masked dots for a locked playlist (SPEC.md section 4), the address otherwise. */
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
    <span className="flex items-center gap-1">
      <span dir="ltr" title={url} className="block max-w-56 truncate font-mono text-xs lg:max-w-80">
        {url}
      </span>
      <CopyButton value={url} label={t('playlists.urlLabel', { name: playlist.name })} />
    </span>
  );
}

/** Playlist Management: counts, a search by name, the table, and the add, edit, PIN and delete dialogs. */
export function PlaylistsPage() {
  const { t, i18n } = useTranslation('panel-devices');
  const user = usePanelUser();
  const queryClient = useQueryClient();
  const ids = useId();
  const [search, setSearch] = useState('');
  const [unlocked, setUnlocked] = useState<ReadonlyMap<number, Unlocked>>(new Map());
  const [formTarget, setFormTarget] = useState<PlaylistFormTarget | null>(null);
  const [pinTarget, setPinTarget] = useState<PanelPlaylist | null>(null);
  const [deleting, setDeleting] = useState<PanelPlaylist | null>(null);

  const query = useQuery({
    queryKey: playlistsQueryKey(user.id),
    queryFn: ({ signal }) => listPlaylists(user.id, signal),
  });

  function remember(id: number, entry: Unlocked | null) {
    setUnlocked((previous) => {
      const next = new Map(previous);
      if (entry) next.set(id, entry);
      else next.delete(id);
      return next;
    });
  }

  const deleteMutation = useMutation({
    mutationFn: (playlist: PanelPlaylist) => deletePlaylist(playlist.id, unlocked.get(playlist.id)?.pin),
    onSuccess: (_, playlist) => {
      toast({ variant: 'success', title: t('playlists.delete.success') });
      remember(playlist.id, null);
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: playlistsQueryKey(user.id) });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t('playlists.delete.failed'),
        description: translateError(error),
      });
    },
  });

  const playlists = query.data ?? [];
  const needle = search.trim().toLocaleLowerCase(i18n.language);
  const shown = needle
    ? playlists.filter((playlist) => playlist.name.toLocaleLowerCase(i18n.language).includes(needle))
    : playlists;
  const protectedCount = playlists.filter((playlist) => playlist.hasPin).length;

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('playlists.title')} intro={t('playlists.intro')} />

      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
        <StatCard
          label={t('playlists.total')}
          value={query.data ? formatNumber(playlists.length, i18n.language) : '–'}
          icon={ListVideo}
        />
        <StatCard
          label={t('playlists.protected')}
          value={query.data ? formatNumber(protectedCount, i18n.language) : '–'}
          icon={ShieldCheck}
        />
      </div>

      <section aria-labelledby={`${ids}-caption`} className="grid gap-4">
        <ListToolbar addLabel={t('playlists.add')} onAdd={() => setFormTarget({ mode: 'add' })}>
          <ListSearchField
            id={`${ids}-search`}
            label={t('playlists.searchLabel')}
            value={search}
            onValueChange={setSearch}
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
          <Table aria-labelledby={`${ids}-caption`} className="bg-card">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="whitespace-nowrap">{t('playlists.table.name')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('playlists.table.device')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('playlists.table.type')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('playlists.table.url')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('playlists.table.protection')}</TableHead>
                <TableHead className="text-end whitespace-nowrap">{t('playlists.table.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableStatusBody
              colSpan={COLUMNS}
              query={query}
              loadingLabel={t('playlists.loading')}
              empty={
                shown.length === 0
                  ? playlists.length === 0
                    ? t('playlists.empty')
                    : t('playlists.noMatch')
                  : null
              }
            >
              {shown.map((playlist) => {
                const opened = unlocked.get(playlist.id);
                const locked = playlist.hasPin && !opened;
                const view = opened?.view ?? playlist;
                return (
                  <TableRow key={playlist.id}>
                    <TableCell className="font-medium">
                      <span className="block max-w-48 truncate">{playlist.name}</span>
                    </TableCell>
                    <TableCell>
                      <span dir="ltr" className="font-mono text-xs whitespace-nowrap">
                        {playlist.mac}
                      </span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {playlist.isAccount ? t('playlists.type.account') : t('playlists.type.url')}
                    </TableCell>
                    <TableCell>
                      <UrlCell playlist={playlist} view={opened?.view} />
                    </TableCell>
                    <TableCell>
                      {playlist.hasPin ? (
                        <Badge tone="info">
                          <Lock aria-hidden="true" className="size-3" />
                          {t('playlists.badge.protected')}
                        </Badge>
                      ) : (
                        <Badge tone="neutral">{t('playlists.badge.open')}</Badge>
                      )}
                    </TableCell>
                    <TableCell>
                      <span className="flex justify-end gap-1">
                        {locked ? (
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={t('playlists.unlockLabel', { name: playlist.name })}
                            onClick={() => setPinTarget(playlist)}
                          >
                            <KeyRound aria-hidden="true" />
                            {t('playlists.unlock')}
                          </Button>
                        ) : (
                          <>
                            {opened ? (
                              <Button
                                variant="ghost"
                                size="icon"
                                title={t('playlists.lock', { name: playlist.name })}
                                aria-label={t('playlists.lock', { name: playlist.name })}
                                onClick={() => remember(playlist.id, null)}
                              >
                                <LockOpen aria-hidden="true" />
                              </Button>
                            ) : null}
                            <Button
                              variant="ghost"
                              size="icon"
                              title={t('playlists.editLabel', { name: playlist.name })}
                              aria-label={t('playlists.editLabel', { name: playlist.name })}
                              onClick={() =>
                                setFormTarget({ mode: 'edit', playlist, view, pin: opened?.pin })
                              }
                            >
                              <Pencil aria-hidden="true" />
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon"
                              title={t('playlists.deleteLabel', { name: playlist.name })}
                              aria-label={t('playlists.deleteLabel', { name: playlist.name })}
                              className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-300"
                              onClick={() => setDeleting(playlist)}
                            >
                              <Trash2 aria-hidden="true" />
                            </Button>
                          </>
                        )}
                      </span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableStatusBody>
          </Table>
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deleteMutation.isPending) setDeleting(null);
        }}
        title={t('playlists.delete.title')}
        description={t('playlists.delete.description', { name: deleting?.name ?? '' })}
        confirmLabel={t('playlists.delete.confirm')}
        destructive
        busy={deleteMutation.isPending}
        onConfirm={() => deleting && deleteMutation.mutate(deleting)}
      />
    </div>
  );
}
