import {
  deviceChangeResponseSchema,
  panelDeviceResponseSchema,
  type PanelDevice,
} from '@shared/api/panel-device';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invalidateDevices, queryKeys } from '@web/lib/query-keys';

/** PUT /device/toggleBan/{id} (admin): answers the device with its new ban state. */
export function useToggleDeviceBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: PanelDevice) =>
      (
        await apiRequest(`/device/toggleBan/${device.id}`, {
          method: 'PUT',
          schema: deviceChangeResponseSchema,
        })
      ).data,
    onSuccess: () => void invalidateDevices(queryClient),
  });
}

/** PUT /device/{id}: only the client's name and phone can change. */
export function useUpdateDevice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string | null; phone: string | null }) =>
      (await apiRequest(`/device/${id}`, { method: 'PUT', body, schema: panelDeviceResponseSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.devices }),
  });
}

/** DELETE /device/{id} (admin): the device and its playlists. */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: PanelDevice) => {
      await apiRequest(`/device/${device.id}`, { method: 'DELETE' });
    },
    onSuccess: () => void invalidateDevices(queryClient),
  });
}
