import type { PlaylistView } from '@shared/api/playlist';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelUser } from '@web/lib/panel-session';
import { usePanelPlaylists } from './api';

/** A protected playlist the user has unlocked in this visit: its full view and the PIN that opened it. */
export type Unlocked = { view: PlaylistView; pin: string };

/**
 * The signed-in user's playlists, the search by name, the counts, and which protected playlists are
 * unlocked in this visit (kept only in memory: a reload locks them again).
 */
export function usePlaylistsList() {
  const { i18n } = useTranslation();
  const user = usePanelUser();
  const query = usePanelPlaylists(user.id);
  const [search, setSearch] = useState('');
  const [unlocked, setUnlocked] = useState<ReadonlyMap<number, Unlocked>>(new Map());

  function remember(id: number, entry: Unlocked | null) {
    setUnlocked((previous) => {
      const next = new Map(previous);
      if (entry) next.set(id, entry);
      else next.delete(id);
      return next;
    });
  }

  const all = query.data ?? [];
  const needle = search.trim().toLocaleLowerCase(i18n.language);
  const shown = needle
    ? all.filter((playlist) => playlist.name.toLocaleLowerCase(i18n.language).includes(needle))
    : all;
  return {
    query,
    playlists: query.data ? shown : undefined,
    /** Whether the user has no playlists at all, as opposed to none matching the search. */
    none: all.length === 0,
    counts: query.data ? { total: all.length, protected: all.filter((p) => p.hasPin).length } : null,
    search,
    setSearch,
    unlocked,
    remember,
  };
}
