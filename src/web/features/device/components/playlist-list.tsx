import type { PlaylistView } from '@shared/api/playlist';
import { ListVideo, Lock, LockOpen, Pencil, Trash2, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { useFieldError } from '../use-field-error';
import { PinInput } from './pin-input';

/** The outcome of a PIN check: undefined when the row opened, else the message key or text to show. */
export type UnlockResult = { ok: true } | { ok: false; message: string };

export interface PlaylistRowData {
  playlist: PlaylistView;
  /** For a protected playlist: its details once the right PIN was entered for this row. */
  unlocked?: PlaylistView | undefined;
}

/**
 * The device's playlists. A protected row shows a lock and keeps its url, Edit and Delete hidden
 * until the right PIN is entered for that row (docs/product.md).
 */
export function PlaylistList({
  rows,
  busy,
  onEdit,
  onDelete,
  onUnlock,
}: {
  rows: PlaylistRowData[];
  busy: boolean;
  onEdit: (playlist: PlaylistView) => void;
  onDelete: (playlist: PlaylistView) => void;
  onUnlock: (playlist: PlaylistView, pin: string) => Promise<UnlockResult>;
}) {
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
        <PlaylistRow
          key={row.playlist.id}
          row={row}
          busy={busy}
          onEdit={onEdit}
          onDelete={onDelete}
          onUnlock={onUnlock}
        />
      ))}
    </ul>
  );
}

function PlaylistRow({
  row,
  busy,
  onEdit,
  onDelete,
  onUnlock,
}: {
  row: PlaylistRowData;
  busy: boolean;
  onEdit: (playlist: PlaylistView) => void;
  onDelete: (playlist: PlaylistView) => void;
  onUnlock: (playlist: PlaylistView, pin: string) => Promise<UnlockResult>;
}) {
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
              <h3 className="truncate font-semibold">{playlist.name}</h3>
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
            {locked ? (
              <p className="text-sm text-muted-foreground">{t('playlists.lockedHint')}</p>
            ) : details.isAccount ? (
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
            ) : (
              <p dir="ltr" className="break-all text-start font-mono text-sm text-muted-foreground">
                {details.url}
              </p>
            )}
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

function UnlockForm({
  id,
  playlist,
  busy,
  onCancel,
  onUnlock,
}: {
  id: string;
  playlist: PlaylistView;
  busy: boolean;
  onCancel: () => void;
  onUnlock: (playlist: PlaylistView, pin: string) => Promise<UnlockResult>;
}) {
  const { t } = useTranslation('device');
  const errorText = useFieldError();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const pinField = useRef<HTMLInputElement>(null);

  // The viewer just asked for this field.
  useEffect(() => pinField.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!pin) {
      setError('pin-required');
      return;
    }
    setChecking(true);
    const result = await onUnlock(playlist, pin);
    setChecking(false);
    if (!result.ok) {
      setError(result.message);
      setPin('');
      pinField.current?.focus();
    }
  }

  return (
    <form
      id={id}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-4 flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-start"
      aria-label={t('playlists.unlockNamed', { name: playlist.name })}
    >
      <div className="grid flex-1 gap-2 sm:max-w-xs">
        <FormField
          id={`${id}-pin`}
          label={t('playlists.pinFor', { name: playlist.name })}
          error={errorText(error)}
        >
          {(field) => (
            <PinInput
              {...field}
              ref={pinField}
              value={pin}
              onChange={(event) => {
                setPin(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
      </div>
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" size="sm" className="h-10" disabled={busy || checking}>
          <LockOpen aria-hidden="true" />
          {checking ? t('playlists.checking') : t('playlists.unlockSubmit')}
        </Button>
        <Button variant="ghost" size="sm" className="h-10" onClick={onCancel} disabled={checking}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
