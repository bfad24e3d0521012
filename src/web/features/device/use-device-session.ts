import { deviceResponseSchema, type DeviceCredentials, type DeviceView } from '@shared/api/device';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiRequestError } from '@web/lib/api-client';
import { deviceKeys } from '@web/lib/query-keys';

/** What the page does when a call ends (toasts, its own state); the hook itself keeps the cache. */
export interface Reactions<TData, TVariables> {
  onSuccess: (data: TData, variables: TVariables) => void;
  onError: (error: Error, variables: TVariables) => void;
}

/** POST /device/login: MAC + key in the body (never in a URL); sets the device-session cookie. */
export async function signInDevice(credentials: DeviceCredentials): Promise<DeviceView> {
  const answer = await apiRequest('/device/login', {
    method: 'POST',
    body: credentials,
    schema: deviceResponseSchema,
  });
  return answer.data;
}

/** GET /device/session: the signed-in device, or null when there is no (or no longer a) session. */
async function fetchSignedInDevice(): Promise<DeviceView | null> {
  try {
    const answer = await apiRequest('/device/session', { schema: deviceResponseSchema });
    return answer.data;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * A device session may survive a reload, so the page asks the server first (401 means the login
 * form). It is refreshed on purpose only: by the reload button and after every save.
 */
export function useDeviceSession({ enabled }: { enabled: boolean }) {
  return useQuery<DeviceView | null>({
    queryKey: deviceKeys.session,
    queryFn: fetchSignedInDevice,
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function setSignedInDevice(queryClient: QueryClient, device: DeviceView | null): void {
  queryClient.setQueryData<DeviceView | null>(deviceKeys.session, device);
}

export function refreshSignedInDevice(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: deviceKeys.session });
}

/** Sign in with MAC + key; the device answered becomes the signed-in one. */
export function useSignInDevice(reactions: Reactions<DeviceView, DeviceCredentials>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deviceKeys.mutations,
    mutationFn: signInDevice,
    onSuccess: (device, credentials) => {
      reactions.onSuccess(device, credentials);
      setSignedInDevice(queryClient, device);
    },
    onError: (error, credentials) => reactions.onError(error, credentials),
  });
}

/** DELETE /device/session; whatever the answer, the page is signed out. */
export function useSignOutDevice(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deviceKeys.mutations,
    mutationFn: async () => {
      await apiRequest('/device/session', { method: 'DELETE' });
    },
    onSettled: () => {
      setSignedInDevice(queryClient, null);
      onSignedOut();
    },
  });
}
