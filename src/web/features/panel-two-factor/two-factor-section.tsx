import type { TwoFactorSetup } from '@shared/api/two-factor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { usePanelUser } from '@web/lib/panel-session';
import { useRefreshSession, useTwoFactorSetup } from './api';
import { DisableForm } from './disable-form';
import { EnrolForm } from './enrol-form';
import { RecoveryCodes } from './recovery-codes';

/**
 * The account screen's "Two-factor sign-in" section: off, enrolling (QR code and first code), the
 * recovery codes shown once, then on (with the form that turns it off). Self-contained, so the account
 * screen mounts it with one line.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('panel-two-factor');
  const user = usePanelUser();
  const setupMutation = useTwoFactorSetup();
  const refreshSession = useRefreshSession();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const on = user.twoFactorEnabled;

  const start = () =>
    setupMutation.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) => toast({ variant: 'destructive', title: translateError(error) }),
    });

  let body;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={async () => {
          // The session now says two-factor is on (and, under REQUIRE_2FA, opens the panel).
          await refreshSession();
          setRecoveryCodes(null);
        }}
      />
    );
  } else if (on) {
    body = (
      <div className="grid gap-5">
        <p className="text-sm">{t('enabled.intro')}</p>
        <DisableForm />
      </div>
    );
  } else if (setup) {
    body = (
      <EnrolForm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          // The secret leaves the page: it is never shown again once enrolment is confirmed.
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else {
    body = (
      <Button className="justify-self-start" onClick={start} disabled={setupMutation.isPending}>
        {setupMutation.isPending ? t('section.starting') : t('section.start')}
      </Button>
    );
  }

  return (
    <section aria-labelledby="two-factor-title">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle id="two-factor-title">{t('section.title')}</CardTitle>
            <Badge tone={on ? 'success' : 'neutral'}>
              {on ? t('section.statusOn') : t('section.statusOff')}
            </Badge>
          </div>
          <CardDescription>{t('section.intro')}</CardDescription>
        </CardHeader>
        <CardContent className="grid">{body}</CardContent>
      </Card>
    </section>
  );
}
