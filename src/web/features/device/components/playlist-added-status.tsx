import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The standalone screen's confirmation: which playlist was added, and a link to manage them all. */
export function PlaylistAddedStatus({ name }: { name: string }) {
  const { t } = useTranslation('device');
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-emerald-600/30 bg-emerald-50 p-4 text-emerald-950 sm:flex-row sm:items-center sm:justify-between dark:bg-emerald-950/60 dark:text-emerald-100"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        {t('standalone.added', { name })}
      </p>
      <Link
        to="/account/playlists"
        className="text-sm font-semibold underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {t('standalone.manage')}
      </Link>
    </div>
  );
}
