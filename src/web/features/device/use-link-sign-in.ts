import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LINK_PARAMS, linkSignInValues, readLinkCredentials, searchWithout } from './link-sign-in';
import { setSignedInDevice, type useSignInDevice } from './use-device-session';

/**
 * A link with mac and cle_mac signs in at once, and the two leave the address bar before the call
 * is made. `done` stays false until that call has ended, so the page does not ask for a session
 * meanwhile.
 */
export function useLinkSignIn(login: ReturnType<typeof useSignInDevice>) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [linkCredentials] = useState(() => readLinkCredentials(location.search));
  const [autoLogin] = useState(() => linkSignInValues(linkCredentials));
  const [done, setDone] = useState(autoLogin === null);

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
      onSettled: () => setDone(true),
    });
    // Runs once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { credentials: linkCredentials, done };
}
