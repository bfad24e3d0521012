import type { PanelUser } from '@shared/api/auth';
import {
  deviceChangeResponseSchema,
  deviceListResponseSchema,
  panelDeviceResponseSchema,
  type DeviceListResponse,
  type PanelDevice,
} from '@shared/api/panel-device';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** The list's query as the client sends it (deviceListQuerySchema on the server checks it). */
export interface DeviceListParams {
  page: number;
  per_page: number;
  status?: 'free' | 'year' | 'lifetime' | undefined;
  payment?: 'paid' | 'unpaid' | 'free' | undefined;
  search?: string | undefined;
  expiring?: '7d' | undefined;
}

/**
 * GET /device/all for an admin, /device/reseller/{id} for everyone else: the devices this user
 * manages, one page at a time.
 */
export function listDevices(
  user: Pick<PanelUser, 'id' | 'role'>,
  query: DeviceListParams,
  signal?: AbortSignal,
): Promise<DeviceListResponse> {
  const path = user.role === 'admin' ? '/device/all' : `/device/reseller/${user.id}`;
  return apiRequest(path, {
    query: {
      page: query.page,
      per_page: query.per_page,
      status: query.status || undefined,
      payment: query.payment || undefined,
      search: query.search?.trim() || undefined,
      expiring: query.expiring || undefined,
    },
    signal,
    schema: deviceListResponseSchema,
  });
}

/** The key under which every list of this user's devices is cached (edits invalidate all of them). */
export const deviceListsQueryKey = queryKeys.devices;

/** POST /client/device/check-mac: the device behind a MAC (404 when unknown or another reseller's). */
export async function checkMac(mac: string, signal?: AbortSignal): Promise<PanelDevice> {
  const answer = await apiRequest('/client/device/check-mac', {
    method: 'POST',
    body: { mac },
    signal,
    schema: panelDeviceResponseSchema,
  });
  return answer.data;
}

/**
 * PUT /device/resetKey/{id} (an admin, or the device's owner): a new device key; the old one and its
 * device-page sessions stop at once (decision 0011). The answer (the device with its new key)
 * replaces the looked-up device, and the lists that show the key refresh.
 */
export function useResetDeviceKey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PanelDevice> =>
      (await apiRequest(`/device/resetKey/${id}`, { method: 'PUT', schema: deviceChangeResponseSchema }))
        .data,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.deviceLookup(updated.mac), updated);
      void queryClient.invalidateQueries({ queryKey: deviceListsQueryKey });
    },
  });
}
