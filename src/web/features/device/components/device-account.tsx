import type { DeviceCredentials } from '@shared/api/device';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCw, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatMacInput } from '@shared/mac';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { signInDevice, signOutDevice } from '../api';
import { deviceLoginFormSchema, type DeviceLoginFormInput } from '../schemas';
import {
  deviceMutationKey,
  deviceSessionKey,
  refreshSignedInDevice,
  setSignedInDevice,
  useDeviceSession,
} from '../use-device-session';
import { BannedNotice } from './banned-notice';
import { DeviceDashboard } from './device-dashboard';
import { DeviceLoginForm } from './device-login-form';
import { DevicePageFrame, DevicePageIntro } from './device-page-frame';

const LINK_PARAMS = ['mac', 'cle_mac'] as const;

/** mac and cle_mac from an auto-login link, read once when the page opens. */
function readLinkCredentials(search: string): Partial<DeviceCredentials> | null {
  const params = new URLSearchParams(search);
  const mac = params.get('mac') ?? undefined;
  const key = params.get('cle_mac') ?? undefined;
  if (mac === undefined && key === undefined) return null;
  return { mac, cle_mac: key };
}

function searchWithout(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * /account/view and /account/playlists: signed out (login form), signed in (the device page), or
 * banned. A device session may survive a reload, so the server is asked first; a link with mac
 * and cle_mac signs in at once and the two leave the address bar before the call is made.
 */
export function DeviceAccount({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation('device');
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [linkCredentials] = useState(() => readLinkCredentials(location.search));
  // Both present and well-formed: sign in at once. Otherwise the form opens with the MAC filled in.
  const [autoLogin] = useState(() => {
    // The link's MAC is read like a typed one, so 02aabbccddee works as well as 02:AA:BB:CC:DD:EE.
    const mac = formatMacInput(linkCredentials?.mac ?? '');
    const parsed = deviceLoginFormSchema.safeParse({ ...linkCredentials, mac });
    return parsed.success ? parsed.data : null;
  });
  const [autoLoginDone, setAutoLoginDone] = useState(autoLogin === null);
  const [banned, setBanned] = useState(false);
  const [reloading, setReloading] = useState(false);
  const session = useDeviceSession({ enabled: autoLoginDone });
  const saving = useIsMutating({ mutationKey: deviceMutationKey }) > 0;

  const login = useMutation({
    mutationKey: deviceMutationKey,
    mutationFn: signInDevice,
    onSuccess: (device) => {
      setBanned(false);
      setSignedInDevice(queryClient, device);
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

  const signOut = useMutation({
    mutationKey: deviceMutationKey,
    mutationFn: signOutDevice,
    onSettled: () => {
      setSignedInDevice(queryClient, null);
      toast({ title: t('toast.signedOut') });
    },
  });

  // The auto-login link: take the key out of the address bar (and history) first, then sign in.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || linkCredentials === null) return;
    started.current = true;
    // Straight away in the browser's own history (the router's replace below lands a moment later),
    // so the key is gone from the address bar before the sign-in request leaves.
    const { pathname, search: currentSearch, hash } = window.location;
    if (LINK_PARAMS.some((name) => new URLSearchParams(currentSearch).has(name))) {
      window.history.replaceState(
        window.history.state,
        '',
        `${pathname}${searchWithout(currentSearch, LINK_PARAMS)}${hash}`,
      );
    }
    const search = searchWithout(location.search, LINK_PARAMS);
    void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
    if (autoLogin === null) return;
    login.mutate(autoLogin, {
      onError: () => setSignedInDevice(queryClient, null),
      onSettled: () => setAutoLoginDone(true),
    });
    // Runs once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function reload() {
    setReloading(true);
    try {
      await refreshSignedInDevice(queryClient);
      const fresh = queryClient.getQueryState(deviceSessionKey);
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

  const loginDefaults: Partial<DeviceLoginFormInput> = {
    mac: formatMacInput(linkCredentials?.mac ?? ''),
  };

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
  if (!autoLoginDone || session.isPending || (login.isPending && session.data === undefined)) {
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
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
          <WifiOff aria-hidden="true" className="size-8 text-muted-foreground" />
          <h1 className="text-xl font-semibold">{t('loadError.title')}</h1>
          <p className="text-muted-foreground">{translateError(session.error)}</p>
          <Button onClick={() => void session.refetch()}>
            <RotateCw aria-hidden="true" />
            {t('loadError.retry')}
          </Button>
        </div>
      </DevicePageFrame>
    );
  }

  return (
    <DevicePageFrame title={title}>
      <DevicePageIntro title={title} intro={intro} />
      <DeviceLoginForm
        defaultValues={loginDefaults}
        pending={login.isPending}
        onSubmit={(values) => login.mutate(values)}
      />
    </DevicePageFrame>
  );
}
