import { panelDeviceSchema, type PanelDevice } from '@shared/api/panel-device';
import { z } from 'zod';
import { apiRequest } from '@web/lib/api-client';

const deviceAnswerSchema = z.object({ success: z.literal(true), data: panelDeviceSchema });

/** PUT /device/toggleBan/{id} (admin): answers the device with its new ban state. */
export async function toggleDeviceBan(id: number): Promise<PanelDevice> {
  return (await apiRequest(`/device/toggleBan/${id}`, { method: 'PUT', schema: deviceAnswerSchema })).data;
}

/** PUT /device/{id}: only the client's name and phone can change. */
export async function updateDevice(
  id: number,
  body: { name: string | null; phone: string | null },
): Promise<PanelDevice> {
  return (await apiRequest(`/device/${id}`, { method: 'PUT', body, schema: deviceAnswerSchema })).data;
}

/** DELETE /device/{id} (admin): the device and its playlists. */
export async function deleteDevice(id: number): Promise<void> {
  await apiRequest(`/device/${id}`, { method: 'DELETE' });
}
