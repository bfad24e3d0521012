import type { PanelDevice } from '../../../shared/api/panel-device';
import type { Db } from '../../db';
import type { DeviceRow, UserRow } from '../../db/schema';
import { notFound } from '../../errors';
import type { EventRecorder } from '../events/outbox';
import type { DomainEvent } from '../events/domain-events';
import { requireManaged } from '../security/ownership';
import { toPanelDevice } from './panel-device-service';
import { generateDeviceKey } from './device-keys';
import { createDeviceRepository } from './device-repository';

/** A device's new key, for the audit log (the key itself is never in it). */
export function keyResetEvent(
  device: DeviceRow,
  actorId: number | null,
  by: 'panel' | 'viewer',
): DomainEvent {
  return {
    type: 'device.key_reset',
    actorId,
    subject: `device:${device.id}`,
    payload: { device_id: device.id, mac: device.mac, by },
  };
}

/**
 * Decision 0011 (squatting): the way out of a MAC registered before its real TV. An admin, or the
 * reseller who owns the device, gives it a new key; the old one (the squatter's) stops working at
 * once, with its device-page sessions. Only those who may already see the key may reset it, so this
 * is no lever for anyone else: another reseller's or a stranger's reset finds "not found".
 */
export function createDeviceKeyReset(db: Db, events: EventRecorder) {
  const devices = createDeviceRepository(db);
  return {
    async resetKey(actor: UserRow, id: number): Promise<PanelDevice> {
      requireManaged(actor, await devices.findById(id), 'Device not found');
      const updated = await devices.replaceKey(id, generateDeviceKey(), {
        record: (trx, row) => events.record(trx, keyResetEvent(row, actor.id, 'panel')),
      });
      if (!updated) throw notFound('Device not found');
      return toPanelDevice(updated, updated.device_key);
    },
  };
}
