import type { PlaylistView } from '@shared/api/playlist';
import { LockOpen } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { useFieldError } from '../use-field-error';
import type { UnlockResult } from '../use-playlist-pins';
import { PinInput } from './pin-input';

/** The PIN prompt under a locked playlist row. */
export function UnlockForm({
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
