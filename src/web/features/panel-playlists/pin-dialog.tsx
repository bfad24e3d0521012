import type { PlaylistView } from '@shared/api/playlist';
import { KeyRound, LoaderCircle, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { useUnlockPlaylist, type PanelPlaylist } from './api';
import { PinInput } from './pin-input';

function PinForm({
  playlist,
  onUnlocked,
  onCancel,
}: {
  playlist: PanelPlaylist;
  onUnlocked: (view: PlaylistView, pin: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('panel-devices');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useUnlockPlaylist(playlist.id);

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pin) {
          setError(t('playlists.validation.pin-required'));
          return;
        }
        setError(undefined);
        mutation.mutate(pin, {
          onSuccess: (view) => onUnlocked(view, pin),
          onError: (failure) => {
            setError(
              isApiRequestError(failure) && failure.code === 'incorrect_pin'
                ? t('playlists.pin.incorrect')
                : translateError(failure),
            );
          },
        });
      }}
    >
      <FormField id="unlock-pin" label={t('playlists.pin.label')} error={error}>
        {(field) => (
          <PinInput
            {...field}
            // The dialog is only about this field: start typing at once.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            value={pin}
            onChange={(event) => {
              setPin(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
          {t('playlists.pin.cancel')}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          {mutation.isPending ? t('playlists.pin.submitting') : t('playlists.pin.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Enter PIN': a protected playlist shows its address and can be changed once its PIN is given. */
export function PinDialog({
  playlist,
  onOpenChange,
  onUnlocked,
}: {
  playlist: PanelPlaylist | null;
  onOpenChange: (open: boolean) => void;
  onUnlocked: (playlist: PanelPlaylist, view: PlaylistView, pin: string) => void;
}) {
  const { t } = useTranslation('panel-devices');
  return (
    <Dialog open={playlist !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <span className="mx-auto flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary sm:mx-0">
            <Lock aria-hidden="true" className="size-5" />
          </span>
          <DialogTitle>{t('playlists.pin.title')}</DialogTitle>
          <DialogDescription>
            <span className="block font-medium text-foreground">{t('playlists.pin.description')}</span>
            {t('playlists.pin.help', { name: playlist?.name ?? '' })}
          </DialogDescription>
        </DialogHeader>
        {playlist ? (
          <PinForm
            playlist={playlist}
            onUnlocked={(view, pin) => {
              onUnlocked(playlist, view, pin);
              onOpenChange(false);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
