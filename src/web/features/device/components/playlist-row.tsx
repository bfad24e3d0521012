import type { PlaylistView } from '@shared/api/playlist';
import { ListVideo, Lock, LockOpen, Pencil, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { PlaylistSummary } from './playlist-summary';
import { LastProbeLine } from '@web/components/last-probe-line';
import type { UnlockResult } from '../use-playlist-pins';
import { UnlockForm } from './unlock-form';

export interface PlaylistRowData {
  playlist: PlaylistView;
  /** For a protected playlist: its details once the right PIN was entered for this row. */
  unlocked?: PlaylistView | undefined;
}

/** What the rows' buttons do, the same for every row of the list. */
export interface PlaylistRowActions {
  busy: boolean;
  onEdit: (playlist: PlaylistView) => void;
  onDelete: (playlist: PlaylistView) => void;
  onUnlock: (playlist: PlaylistView, pin: string) => Promise<UnlockResult>;
}

export function PlaylistRow({
  row,
  busy,
  onEdit,
  onDelete,
  onUnlock,
}: PlaylistRowActions & { row: PlaylistRowData }) {
  const { t } = useTranslation('device');
  const { playlist } = row;
  const locked = playlist.hasPin && !row.unlocked;
  const details = row.unlocked ?? playlist;
  const [prompting, setPrompting] = useState(false);
  const unlockButton = useRef<HTMLButtonElement>(null);
  const unlockFormId = useId();

  const Icon = locked ? Lock : playlist.hasPin ? LockOpen : ListVideo;
  return (
    <li className="rounded-xl border bg-card p-4 shadow-sm" data-testid="playlist-row">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-lg',
              locked
                ? 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200'
                : 'bg-primary/10 text-primary',
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              {/* dir="auto": a Latin name in an Arabic page is cut at its own end, not its beginning. */}
              <h3 dir="auto" className="truncate font-semibold">
                {playlist.name}
              </h3>
              <Badge tone="neutral">
                {playlist.isAccount ? t('playlists.typeAccount') : t('playlists.typeUrl')}
              </Badge>
              {playlist.hasPin ? (
                <Badge tone={locked ? 'warning' : 'info'}>
                  {locked ? <Lock aria-hidden="true" className="size-3" /> : null}
                  {locked ? t('playlists.locked') : t('playlists.unlocked')}
                </Badge>
              ) : null}
            </div>
            <PlaylistSummary details={details} locked={locked} />
            <LastProbeLine result={playlist.last_probe} />
          </div>
        </div>
        <div className="flex shrink-0 gap-2 sm:justify-end">
          {locked ? (
            <Button
              ref={unlockButton}
              variant={prompting ? 'secondary' : 'outline'}
              size="sm"
              onClick={() => setPrompting((open) => !open)}
              aria-label={t('playlists.unlockNamed', { name: playlist.name })}
              aria-expanded={prompting}
              aria-controls={prompting ? unlockFormId : undefined}
              disabled={busy}
            >
              <LockOpen aria-hidden="true" />
              {t('playlists.unlock')}
            </Button>
          ) : (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onEdit(details)}
                aria-label={t('playlists.editNamed', { name: playlist.name })}
                disabled={busy}
              >
                <Pencil aria-hidden="true" />
                {t('playlists.edit')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-400 dark:hover:text-red-300"
                onClick={() => onDelete(playlist)}
                aria-label={t('playlists.deleteNamed', { name: playlist.name })}
                disabled={busy}
              >
                <Trash2 aria-hidden="true" />
                {t('playlists.delete')}
              </Button>
            </>
          )}
        </div>
      </div>
      {locked && prompting ? (
        <UnlockForm
          id={unlockFormId}
          playlist={playlist}
          busy={busy}
          onCancel={() => {
            setPrompting(false);
            unlockButton.current?.focus();
          }}
          onUnlock={onUnlock}
        />
      ) : null}
    </li>
  );
}
