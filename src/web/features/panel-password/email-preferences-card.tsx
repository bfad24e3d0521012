import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { isolateLtr } from '@web/lib/bidi';
import { usePanelUser } from '@web/lib/panel-session';
import { useSetPreferences } from './api';

/** The account's e-mails: the daily digest of devices expiring soon, on by default, off here. */
export function EmailPreferencesCard() {
  const { t } = useTranslation('panel');
  const user = usePanelUser();
  const id = useId();
  const save = useSetPreferences();
  // While saving, the switch already shows the choice; a failure puts it back.
  const checked = save.isPending && save.variables ? save.variables.expiry_digest : user.expiryDigest;

  const toggle = (on: boolean) =>
    save.mutate(
      { expiry_digest: on },
      {
        onSuccess: () =>
          toast({ variant: 'success', title: on ? t('emailPreferences.on') : t('emailPreferences.off') }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('emailPreferences.failed'),
            description: translateError(error),
          }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{t('emailPreferences.title')}</h2>
        <CardDescription>{t('emailPreferences.intro', { email: isolateLtr(user.email) })}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={id}>{t('emailPreferences.expiryDigest')}</Label>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {t('emailPreferences.expiryDigestHint')}
            </p>
          </div>
          <Switch
            id={id}
            checked={checked}
            disabled={save.isPending}
            aria-describedby={`${id}-hint`}
            onCheckedChange={toggle}
          />
        </div>
      </CardContent>
    </Card>
  );
}
