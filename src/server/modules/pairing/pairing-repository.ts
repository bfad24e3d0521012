import type { Db } from '../../db';

/** A code that exists but can no longer be claimed, and why. */
export type SpentPairingCode = { device_id: number; expires_at: Date; used_at: Date | null };

/** pairing_codes (migration 0012): codes by their SHA-256, never the code itself. */
export function createPairingRepository(db: Db) {
  return {
    async insert(code: { codeHash: string; deviceId: number; createdAt: Date; expiresAt: Date }) {
      await db
        .insertInto('pairing_codes')
        .values({
          code_hash: code.codeHash,
          device_id: code.deviceId,
          created_at: code.createdAt,
          expires_at: code.expiresAt,
        })
        .execute();
    },

    findByHash(codeHash: string): Promise<SpentPairingCode | undefined> {
      return db
        .selectFrom('pairing_codes')
        .select(['device_id', 'expires_at', 'used_at'])
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
    },

    /**
     * Marks the code used if it is still unused and unexpired, in one statement: of two claims racing
     * for one code, the database lets exactly one update the row (PostgreSQL re-checks the WHERE after
     * the first commits; SQLite has one writer). Answers the device, or undefined when refused.
     */
    async claim(codeHash: string, at: Date): Promise<number | undefined> {
      const row = await db
        .updateTable('pairing_codes')
        .set({ used_at: at })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('device_id')
        .executeTakeFirst();
      return row?.device_id;
    },

    /** Codes that expired before `before` serve no one (a used one is kept only as long). */
    async deleteExpired(before: Date): Promise<void> {
      await db.deleteFrom('pairing_codes').where('expires_at', '<', before).execute();
    },
  };
}
export type PairingRepository = ReturnType<typeof createPairingRepository>;
