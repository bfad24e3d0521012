import type { DeviceMessageView } from '../../../shared/api/device';
import type { StoredDeviceMessage } from './device-message-repository';

/** A message as the TV app and the device page receive it: dates as ISO 8601. */
export function toDeviceMessageView(message: StoredDeviceMessage): DeviceMessageView {
  return {
    id: message.id,
    texts: message.texts,
    created_at: message.created_at.toISOString(),
    expires_at: message.expires_at.toISOString(),
  };
}
