import { sql } from 'kysely';
import type { Db } from '../../db';
import type { DeviceMessagesTable } from '../../db/schema';
import { type DeviceFilter, selectFilteredDevices } from '../devices/device-management-repository';

type Texts = { en?: string; fr?: string; ar?: string };

/** A message as stored, with its texts gathered. */
export type StoredDeviceMessage = {
  id: number;
  texts: Texts;
  created_at: Date;
  expires_at: Date;
};

const MESSAGE_COLUMNS = ['id', 'text_en', 'text_fr', 'text_ar', 'created_at', 'expires_at'] as const;
type MessageColumns = Pick<DeviceMessagesTable, 'text_en' | 'text_fr' | 'text_ar'> & {
  id: number;
  created_at: Date;
  expires_at: Date;
};

function toStored(row: MessageColumns): StoredDeviceMessage {
  const texts: Texts = {};
  if (row.text_en) texts.en = row.text_en;
  if (row.text_fr) texts.fr = row.text_fr;
  if (row.text_ar) texts.ar = row.text_ar;
  return { id: row.id, texts, created_at: row.created_at, expires_at: row.expires_at };
}

/** The most messages a device shows at once: the newest. */
export const MESSAGES_PER_DEVICE = 5;

/** device_messages and their recipients (migration 0017). Every function runs on the given connection. */
export function createDeviceMessageRepository(db: Db) {
  function current(now: Date) {
    return db
      .selectFrom('device_message_recipients as r')
      .innerJoin('device_messages as m', 'm.id', 'r.message_id')
      .where('m.expires_at', '>', now);
  }

  return {
    /**
     * Stores the message and its recipients, the devices `filter` selects (or the one device), in
     * one INSERT ... SELECT: a list of thousands never passes through the server. Answers the
     * message's id and how many devices received it; the caller runs this in a transaction.
     */
    async insert(
      message: { authorId: number; texts: Texts; createdAt: Date; expiresAt: Date },
      recipients: { deviceId: number } | { filter: DeviceFilter },
    ): Promise<{ id: number; recipients: number }> {
      const { id } = await db
        .insertInto('device_messages')
        .values({
          author_id: message.authorId,
          text_en: message.texts.en ?? null,
          text_fr: message.texts.fr ?? null,
          text_ar: message.texts.ar ?? null,
          recipients: 0,
          created_at: message.createdAt,
          expires_at: message.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const devices =
        'deviceId' in recipients
          ? db.selectFrom('devices').where('id', '=', recipients.deviceId)
          : selectFilteredDevices(db, recipients.filter);
      const inserted = await db
        .insertInto('device_message_recipients')
        .columns(['device_id', 'message_id'])
        .expression(devices.select(['id as device_id', sql.lit(id).as('message_id')]))
        .executeTakeFirst();
      const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
      await db.updateTable('device_messages').set({ recipients: count }).where('id', '=', id).execute();
      return { id, recipients: count };
    },

    /** A device's current messages, newest first. */
    async forDevice(deviceId: number, now: Date): Promise<StoredDeviceMessage[]> {
      const rows = await current(now)
        .select(MESSAGE_COLUMNS.map((column) => `m.${column}` as const))
        .where('r.device_id', '=', deviceId)
        .orderBy('m.id', 'desc')
        .limit(MESSAGES_PER_DEVICE)
        .execute();
      return rows.map(toStored);
    },

    /** forDevice() for many devices at once (rebuilding stale TV answers in bulk). */
    async forDevices(deviceIds: number[], now: Date): Promise<Map<number, StoredDeviceMessage[]>> {
      const byDevice = new Map<number, StoredDeviceMessage[]>();
      if (deviceIds.length === 0) return byDevice;
      const rows = await current(now)
        .select(['r.device_id', ...MESSAGE_COLUMNS.map((column) => `m.${column}` as const)])
        .where('r.device_id', 'in', deviceIds)
        .orderBy('m.id', 'desc')
        .execute();
      for (const row of rows) {
        const list = byDevice.get(row.device_id) ?? [];
        if (list.length < MESSAGES_PER_DEVICE) list.push(toStored(row));
        byDevice.set(row.device_id, list);
      }
      return byDevice;
    },

    /** Messages sent, newest first: by `authorId`, or by everyone (an admin's view) when undefined. */
    async sent(authorId: number | undefined, limit = 100) {
      const rows = await db
        .selectFrom('device_messages as m')
        .leftJoin('users as u', 'u.id', 'm.author_id')
        .select([...MESSAGE_COLUMNS.map((column) => `m.${column}` as const), 'm.recipients', 'm.author_id'])
        .select('u.name as author')
        .$if(authorId !== undefined, (qb) => qb.where('m.author_id', '=', authorId as number))
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...toStored(row),
        recipients: row.recipients,
        author_id: row.author_id,
        author: row.author,
      }));
    },

    findAuthor(id: number): Promise<{ author_id: number | null } | undefined> {
      return db.selectFrom('device_messages').select('author_id').where('id', '=', id).executeTakeFirst();
    },

    /**
     * Withdraws a message: its recipients first, each deletion making that device's TV answer stale
     * (the trigger), then the message.
     */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('device_message_recipients').where('message_id', '=', id).execute();
      await db.deleteFrom('device_messages').where('id', '=', id).execute();
    },

    /**
     * Takes expired messages off their devices, so the stored TV answers that still carry them are
     * rebuilt; the messages themselves stay in the sender's list. Answers how many devices changed.
     */
    async removeExpiredRecipients(now: Date): Promise<number> {
      const result = await db
        .deleteFrom('device_message_recipients')
        .where('message_id', 'in', (eb) =>
          eb.selectFrom('device_messages').select('id').where('expires_at', '<=', now),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type DeviceMessageRepository = ReturnType<typeof createDeviceMessageRepository>;
