import { PLAYLISTS_PER_DEVICE } from '@shared/api/playlist';
import { Plus } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** The tab's title, the count out of the allowed number, and Add Playlist (not while the form is open). */
export function PlaylistsHeader({
  count,
  formOpen,
  busy,
  onAdd,
  addButtonRef,
}: {
  count: number;
  formOpen: boolean;
  busy: boolean;
  onAdd: () => void;
  addButtonRef: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation('device');
  const full = count >= PLAYLISTS_PER_DEVICE;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold">{t('playlists.title')}</h2>
        <p className="text-sm text-muted-foreground">
          {t('playlists.count', { count, max: PLAYLISTS_PER_DEVICE })}
        </p>
      </div>
      {formOpen ? null : (
        <Button ref={addButtonRef} onClick={onAdd} disabled={busy || full}>
          <Plus aria-hidden="true" />
          {t('playlists.add')}
        </Button>
      )}
    </div>
  );
}
