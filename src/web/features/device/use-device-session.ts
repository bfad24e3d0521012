import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DeviceView } from '@shared/api/device';
import { fetchSignedInDevice } from './api';

/** The signed-in device (null: signed out), shared by /account/view and /account/playlists. */
export const deviceSessionKey = ['device', 'session'] as const;
/** Every save, delete, sign-in and sign-out on the device page: the page shows it is busy meanwhile. */
export const deviceMutationKey = ['device'] as const;

/**
 * A device session may survive a reload, so the page asks the server first (401 means the login
 * form). It is refreshed on purpose only: by the reload button and after every save.
 */
export function useDeviceSession({ enabled }: { enabled: boolean }) {
  return useQuery<DeviceView | null>({
    queryKey: deviceSessionKey,
    queryFn: fetchSignedInDevice,
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function setSignedInDevice(queryClient: QueryClient, device: DeviceView | null): void {
  queryClient.setQueryData<DeviceView | null>(deviceSessionKey, device);
}

export function refreshSignedInDevice(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: deviceSessionKey });
}
