import type { PanelDevice, Pagination } from '../../../shared/api/panel-device';
import type { Db } from '../../db';
import type { DeviceRow, UserRow } from '../../db/schema';
import { notFound } from '../../errors';
import {
  createDeviceManagementRepository,
  ListTotals,
  type DeviceFilter,
  type ListedDevice,
} from './device-management-repository';
import { createDeviceRepository } from './device-repository';
import { changedFields } from '../events/changes';
import { changeAndRecord, type EventRecorder } from '../events/outbox';
import { canManage, requireManaged } from '../security/ownership';
import { type DeviceFieldColumns, toDeviceFields } from './device-fields';
import { isViewersDevice } from './viewer-device';

/** The panel's view of a device; the key only when given (its owner or an admin asked). */
export function toPanelDevice(
  row: DeviceFieldColumns & Pick<ListedDevice, 'owner_id'>,
  key: string | null = null,
): PanelDevice {
  // Added to the fields' own object rather than spread into a new one: a list page makes 25 of them.
  const device: PanelDevice = Object.assign(toDeviceFields(row), { owner_id: row.owner_id });
  if (key !== null) device.cle_mac = key;
  return device;
}

export function pagination(page: number, perPage: number, total: number, count: number): Pagination {
  const from = count === 0 ? null : (page - 1) * perPage + 1;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + count - 1,
  };
}

export function createPanelDeviceService(db: Db, events: EventRecorder) {
  // One per service, so per server: its totals are what the reseller's pages reuse.
  const repository = createDeviceManagementRepository(db, new ListTotals());

  async function findVisible(actor: UserRow, id: number): Promise<DeviceRow> {
    return requireManaged(actor, await repository.findById(id), 'Device not found');
  }

  return {
    async list(filter: DeviceFilter, page: number, perPage: number) {
      const { rows, total } = await repository.page(filter, page, perPage);
      return {
        data: rows.map((row) => toPanelDevice(row)),
        pagination: pagination(page, perPage, total, rows.length),
      };
    },

    /** One cursor page (the reseller API): `limit` devices older than `beforeId`, and whether more follow. */
    async listAfter(filter: DeviceFilter, beforeId: number | undefined, limit: number) {
      const rows = await repository.after(filter, beforeId, limit + 1);
      const data = rows.slice(0, limit).map((row) => toPanelDevice(row));
      return { data, lastId: rows.length > limit ? data[data.length - 1]?.id : undefined };
    },

    async toggleBan(actor: UserRow, id: number): Promise<PanelDevice> {
      const device = await repository.findById(id);
      if (!device) throw notFound('Device not found');
      const banned = !device.is_banned;
      // The ban and its event commit together: webhooks hear of a ban if and only if it happened.
      await db.transaction().execute(async (trx) => {
        await createDeviceManagementRepository(trx).setBanned(id, banned);
        await events.record(trx, {
          type: banned ? 'device.banned' : 'device.unbanned',
          actorId: actor.id,
          subject: `device:${id}`,
          payload: { device_id: id, mac: device.mac, owner_id: device.owner_id },
        });
      });
      return toPanelDevice({ ...device, is_banned: !device.is_banned });
    },

    async updateContact(actor: UserRow, id: number, fields: { name?: string | null; phone?: string | null }) {
      const before = await findVisible(actor, id);
      const updated = await changeAndRecord(
        db,
        events,
        (trx) => createDeviceManagementRepository(trx).updateContact(id, fields),
        (row) => ({
          type: 'device.updated',
          actorId: actor.id,
          subject: `device:${id}`,
          payload: { device_id: id, mac: row.mac, changes: changedFields(before, row, ['name', 'phone']) },
        }),
      );
      return toPanelDevice(updated);
    },

    async remove(actor: UserRow, id: number): Promise<void> {
      const device = await repository.findById(id);
      if (!device) throw notFound('Device not found');
      await db.transaction().execute(async (trx) => {
        await createDeviceManagementRepository(trx).delete(id);
        await events.record(trx, {
          type: 'device.deleted',
          actorId: actor.id,
          subject: `device:${id}`,
          payload: { device_id: id, mac: device.mac, owner_id: device.owner_id },
        });
      });
    },

    /**
     * Check MAC: resellers look up devices before activating them, so an unowned device is shown with
     * what is needed to decide (MAC, app, status, plan, expiry, whether the viewer's key is needed) and
     * nothing of the viewer (name, phone, key); another reseller's device is "not found".
     */
    async checkMac(actor: UserRow, mac: string): Promise<PanelDevice> {
      const device = await createDeviceRepository(db).findByMac(mac);
      if (!device) throw notFound('No device found with this MAC address');
      if (canManage(actor, device.owner_id)) return toPanelDevice(device, device.device_key);
      if (device.owner_id !== null) throw notFound('No device found with this MAC address');
      return {
        ...toPanelDevice({ ...device, name: null, phone: null }),
        device_key_required: await isViewersDevice(db, device),
      };
    },
  };
}
