import type { DeviceMessageView } from '../../../shared/api/device';
import { toDeviceMessageView } from './device-message-view';
import type { ParsedDeviceMessage, SentDeviceMessage } from '../../../shared/api/device-message';
import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { createDeviceRepository } from '../devices/device-repository';
import type { EventRecorder } from '../events/outbox';
import { type Actor, canManage, requireManaged } from '../security/ownership';
import { createDeviceMessageRepository } from './device-message-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Messages to devices (docs/architecture.md §6.14). An admin reaches every device, a reseller only
 * the devices it owns (the panel's one ownership rule); a message names its recipients when sent.
 */
export function createDeviceMessageService(deps: { db: Db; events: EventRecorder }) {
  const { db, events } = deps;
  const repository = createDeviceMessageRepository(db);

  return {
    async send(
      actor: Actor & { name: string },
      message: ParsedDeviceMessage,
      now = new Date(),
    ): Promise<SentDeviceMessage> {
      const { target } = message;
      let recipients: Parameters<typeof repository.insert>[1];
      if (target.to === 'device') {
        const device = requireManaged(
          actor,
          await createDeviceRepository(db).findByMac(target.mac),
          'No device found with this MAC address',
        );
        recipients = { deviceId: device.id };
      } else {
        const ownerId = actor.role === 'admin' ? undefined : actor.id;
        recipients = { filter: { ...(target.to === 'filter' ? target.filter : {}), ownerId } };
      }
      const expiresAt = new Date(now.getTime() + message.days * DAY_MS);
      // The message, its recipients and its event commit together; none of them for no device.
      const sent = await db.transaction().execute(async (trx) => {
        const stored = await createDeviceMessageRepository(trx).insert(
          { authorId: actor.id, texts: message.texts, createdAt: now, expiresAt },
          recipients,
        );
        if (stored.recipients === 0) throw badRequest('No device matches', 'target');
        await events.record(trx, {
          type: 'device_message.sent',
          actorId: actor.id,
          subject: `device_message:${stored.id}`,
          payload: { message_id: stored.id, to: target.to, recipients: stored.recipients },
        });
        return stored;
      });
      return {
        ...toDeviceMessageView({ id: sent.id, texts: message.texts, created_at: now, expires_at: expiresAt }),
        recipients: sent.recipients,
        author: actor.name,
      };
    },

    /** The messages an admin (all) or a reseller (its own) has sent, newest first. */
    async sent(actor: Actor, limit = 100): Promise<SentDeviceMessage[]> {
      const rows = await repository.sent(actor.role === 'admin' ? undefined : actor.id, limit);
      return rows.map((row) => ({
        ...toDeviceMessageView(row),
        recipients: row.recipients,
        author: row.author,
      }));
    },

    /** Takes a message off every device now; its author or an admin. Another's is "not found". */
    async withdraw(actor: Actor, id: number): Promise<void> {
      const found = await repository.findAuthor(id);
      if (!found || !canManage(actor, found.author_id)) throw notFound('Message not found');
      await db.transaction().execute(async (trx) => {
        await createDeviceMessageRepository(trx).delete(id);
        await events.record(trx, {
          type: 'device_message.withdrawn',
          actorId: actor.id,
          subject: `device_message:${id}`,
          payload: { message_id: id },
        });
      });
    },

    /** A device's current messages (the device page; the TV answer is built by device access). */
    async forDevice(deviceId: number, now = new Date()): Promise<DeviceMessageView[]> {
      return (await repository.forDevice(deviceId, now)).map(toDeviceMessageView);
    },

    /** Takes expired messages off their devices (run by the expiry scheduler). */
    removeExpired(now = new Date()): Promise<number> {
      return repository.removeExpiredRecipients(now);
    },
  };
}
export type DeviceMessageService = ReturnType<typeof createDeviceMessageService>;
