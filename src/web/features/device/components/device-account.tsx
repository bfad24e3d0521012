import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMacInput } from '@shared/mac';
import { Spinner } from '@web/components/ui/spinner';
import { dismissToast, toast } from '@web/components/ui/toast';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { deviceKeys } from '@web/lib/query-keys';
import {
  refreshSignedInDevice,
  setSignedInDevice,
  useDeviceSession,
  useSignInDevice,
  useSignOutDevice,
} from '../use-device-session';
import { useLinkSignIn } from '../use-link-sign-in';
import { BannedNotice } from './banned-notice';
import { DeviceDashboard } from './device-dashboard';
import { DeviceLoginForm } from './device-login-form';
import { DevicePageFrame, DevicePageIntro } from './device-page-frame';
import { SessionLoadError } from './session-load-error';

/**
 * /account/view and /account/playlists: signed out (login form), signed in (the device page), or
 * banned. A device session may survive a reload, so the server is asked first; a link with mac
 * and cle_mac signs in at once (useLinkSignIn).
 */
export function DeviceAccount({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation('device');
  const queryClient = useQueryClient();
  const [banned, setBanned] = useState(false);
  const [reloading, setReloading] = useState(false);
  const saving = useIsMutating({ mutationKey: deviceKeys.mutations }) > 0;

  const login = useSignInDevice({
    onSuccess: () => {
      setBanned(false);
      // An earlier attempt's "Invalid credentials" must not stay over the page it now opens.
      dismissToast();
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      if (code === 'device_banned') return setBanned(true);
      if (code === 'invalid_credentials')
        return toast({ variant: 'destructive', title: t('login.invalidCredentials') });
      if (code === 'account_locked' || code === 'too_many_attempts' || code === 'invalid_input')
        return toast({ variant: 'destructive', title: translateError(error) });
      toast({ variant: 'destructive', title: t('toast.error'), description: translateError(error) });
    },
  });
  const signOut = useSignOutDevice(() => toast({ title: t('toast.signedOut') }));
  const link = useLinkSignIn(login);
  const session = useDeviceSession({ enabled: link.done });

  async function reload() {
    setReloading(true);
    try {
      await refreshSignedInDevice(queryClient);
      const fresh = queryClient.getQueryState(deviceKeys.session);
      if (fresh?.status === 'error') {
        toast({ variant: 'destructive', title: t('toast.error'), description: translateError(fresh.error) });
      }
    } finally {
      setReloading(false);
    }
  }

  function showLoginForm() {
    setBanned(false);
    setSignedInDevice(queryClient, null);
  }

  if (banned || session.data?.banned) {
    return (
      <DevicePageFrame title={title}>
        <BannedNotice onBack={showLoginForm} />
      </DevicePageFrame>
    );
  }

  if (session.data) {
    return (
      <DevicePageFrame title={title}>
        <DeviceDashboard
          device={session.data}
          busy={saving || reloading}
          savingLabel={reloading ? t('status.loading') : t('status.saving')}
          onReload={() => void reload()}
          onSignOut={() => signOut.mutate()}
        />
      </DevicePageFrame>
    );
  }

  // The first look at the session, or the auto-login call: a spinner in place of the page.
  if (!link.done || session.isPending || (login.isPending && session.data === undefined)) {
    return (
      <DevicePageFrame title={title}>
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner label={login.isPending ? t('status.signingIn') : t('status.loading')} />
        </div>
      </DevicePageFrame>
    );
  }

  if (session.isError && session.data === undefined) {
    return (
      <DevicePageFrame title={title}>
        <SessionLoadError error={session.error} onRetry={() => void session.refetch()} />
      </DevicePageFrame>
    );
  }

  return (
    <DevicePageFrame title={title}>
      <DevicePageIntro title={title} intro={intro} />
      <DeviceLoginForm
        defaultValues={{ mac: formatMacInput(link.credentials?.mac ?? '') }}
        pending={login.isPending}
        onSubmit={(values) => login.mutate(values)}
      />
    </DevicePageFrame>
  );
}
