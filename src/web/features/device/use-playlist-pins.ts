import type { PlaylistView } from '@shared/api/playlist';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { unlockPlaylist } from './api';
import { setSignedInDevice } from './use-device-session';
import { useErrorToast } from './use-error-toast';

/** The outcome of a PIN check: undefined when the row opened, else the message key or text to show. */
export type UnlockResult = { ok: true } | { ok: false; message: string };

/** A row opened with its PIN: the PIN (kept in memory only, for X-Playlist-Pin) and its details. */
interface UnlockedPlaylist {
  pin: string;
  playlist: PlaylistView;
}

/**
 * The rows opened with their PIN on the playlists tab. PINs live in this state only, never in
 * storage, and go when the page does; a call refused for its PIN locks the row again.
 */
export function usePlaylistPins(mac: string) {
  const { t } = useTranslation('device');
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const [unlocked, setUnlocked] = useState<Record<number, UnlockedPlaylist>>({});

  function remember(pin: string, playlist: PlaylistView) {
    setUnlocked((current) => ({ ...current, [playlist.id]: { pin, playlist } }));
  }

  function forget(id: number) {
    setUnlocked(({ [id]: _gone, ...rest }) => rest);
  }

  /** A failed save or delete: the generic error toast, or the login form if the session ended. */
  function onFailure(error: unknown, playlistId?: number) {
    if (isApiRequestError(error) && error.status === 401) {
      setSignedInDevice(queryClient, null);
      toast({ variant: 'destructive', title: translateError(error) });
      return;
    }
    const code = errorCodeOf(error);
    // The PIN changed elsewhere: lock the row again so the viewer re-enters it.
    if (playlistId !== undefined && (code === 'incorrect_pin' || code === 'pin_required')) forget(playlistId);
    showError(error);
  }

  async function unlock(playlist: PlaylistView, pin: string): Promise<UnlockResult> {
    try {
      const opened = await unlockPlaylist(mac, playlist.id, pin);
      remember(pin, opened);
      return { ok: true };
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'incorrect_pin') return { ok: false, message: 'incorrect-pin' };
      if (code === 'too_many_attempts' || code === 'account_locked')
        return { ok: false, message: translateError(error) };
      onFailure(error);
      return { ok: false, message: t('toast.error') };
    }
  }

  return { unlocked, remember, forget, onFailure, unlock };
}
