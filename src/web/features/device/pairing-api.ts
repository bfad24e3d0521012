import { resetDeviceKeyResponseSchema, type DeviceView } from '@shared/api/device';
import {
  claimPairingResponseSchema,
  pairingPreviewResponseSchema,
  type PairingPreview,
} from '@shared/api/pairing';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { deviceKeys } from '@web/lib/query-keys';
import { setSignedInDevice, type Reactions } from './use-device-session';

/** GET /device/pairing/{code}: the device a code opens; reading it does not use the code up. */
export function pairingPreviewQuery(code: string) {
  return queryOptions<PairingPreview>({
    queryKey: deviceKeys.pairing(code),
    queryFn: async () =>
      (
        await apiRequest(`/device/pairing/${encodeURIComponent(code)}`, {
          schema: pairingPreviewResponseSchema,
        })
      ).data,
    // A wrong code is counted against this address: never ask twice on our own.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** POST /device/pairing/claim: uses the code up; the device it opens becomes the signed-in one. */
export function useClaimPairingCode(reactions: Reactions<DeviceView, string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deviceKeys.mutations,
    mutationFn: async (code: string) =>
      (
        await apiRequest('/device/pairing/claim', {
          method: 'POST',
          body: { code },
          schema: claimPairingResponseSchema,
        })
      ).data,
    onSuccess: (device, code) => {
      setSignedInDevice(queryClient, device);
      reactions.onSuccess(device, code);
    },
    onError: (error, code) => reactions.onError(error, code),
  });
}

/** POST /device/reset-key: the signed-in device's new key, which the page shows once. */
export function useResetDeviceKey(reactions: Reactions<string, void>) {
  return useMutation({
    mutationKey: deviceKeys.mutations,
    mutationFn: async () =>
      (await apiRequest('/device/reset-key', { method: 'POST', schema: resetDeviceKeyResponseSchema })).data
        .cle_mac,
    onSuccess: (key) => reactions.onSuccess(key, undefined),
    onError: (error) => reactions.onError(error, undefined),
  });
}
