import { xtreamAccountOf } from '@shared/api/playlist-probe';
import { ArrowRightLeft } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import type { PlaylistFormInput } from '../schemas';

/**
 * An Xtream-style link pasted as an M3U URL (…/get.php?username=…&password=…): offers to save it as an
 * account, with server, username and password split out, which the TV app can browse by category.
 */
export function XtreamLinkOffer() {
  const { t } = useTranslation('device');
  const { control, setValue } = useFormContext<PlaylistFormInput>();
  const url = useWatch({ control, name: 'url' });
  const account = url ? xtreamAccountOf(url) : null;
  if (!account) return null;

  function switchToAccount() {
    if (!account) return;
    setValue('isAccount', true);
    setValue('host', account.server);
    setValue('username', account.username);
    setValue('password', account.password);
    setValue('url', '');
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p>{t('probe.xtreamOffer')}</p>
      <Button type="button" variant="outline" size="sm" onClick={switchToAccount}>
        <ArrowRightLeft aria-hidden="true" />
        {t('probe.xtreamUse')}
      </Button>
    </div>
  );
}
