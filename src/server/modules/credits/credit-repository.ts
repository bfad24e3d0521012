import type { Db } from '../../db';
import { prepareQueryOnce, prepareWriteOnce } from '../../db/prepared';
import type { CreditTransactionType } from '../../db/schema';

const debitIfEnough = prepareQueryOnce(3, (db, userId: number, amount: number, now: Date) =>
  db
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '-', amount), updated_at: now }))
    .where('id', '=', userId)
    .where('credits', '>=', amount)
    .returning('credits'),
);

/** The ledger's row: sent with the transaction's next statement on PostgreSQL (decision 0065). */
const insertEntry = prepareWriteOnce(
  8,
  (
    db,
    type: CreditTransactionType,
    amount: number,
    senderId: number | null,
    receiverId: number | null,
    deviceId: number | null,
    plan: string | null,
    balanceAfter: number | null,
    now: Date,
  ) =>
    db.insertInto('credit_transactions').values({
      type,
      amount,
      sender_id: senderId,
      receiver_id: receiverId,
      device_id: deviceId,
      plan,
      balance_after: balanceAfter,
      created_at: now,
    }),
);

/**
 * Balance changes. Every function takes the transaction it runs in; a debit is one conditional
 * UPDATE, so concurrent debits can never take a balance below zero on either database.
 */
export function createCreditRepository(db: Db) {
  return {
    /** The new balance, or null when the user has fewer than `amount` credits (nothing changed). */
    async debitIfEnough(userId: number, amount: number): Promise<number | null> {
      const [row] = await debitIfEnough(db)(userId, amount, new Date());
      return row?.credits ?? null;
    },

    async credit(userId: number, amount: number): Promise<number> {
      const row = await db
        .updateTable('users')
        .set((eb) => ({ credits: eb('credits', '+', amount), updated_at: new Date() }))
        .where('id', '=', userId)
        .returning('credits')
        .executeTakeFirstOrThrow();
      return row.credits;
    },

    async record(entry: {
      type: CreditTransactionType;
      amount: number;
      senderId: number | null;
      receiverId: number | null;
      deviceId?: number | null;
      plan?: string | null;
      balanceAfter: number | null;
    }): Promise<void> {
      await insertEntry(db)(
        entry.type,
        entry.amount,
        entry.senderId,
        entry.receiverId,
        entry.deviceId ?? null,
        entry.plan ?? null,
        entry.balanceAfter,
        new Date(),
      );
    },

    /**
     * Recent ledger rows with the receiver's name; `involving` limits them to one user's, `beforeId`
     * to rows older than that one (the reseller API's cursor).
     */
    listRecent(limit: number, involving?: number, beforeId?: number) {
      let query = db
        .selectFrom('credit_transactions as t')
        .leftJoin('users as r', 'r.id', 't.receiver_id')
        .leftJoin('users as s', 's.id', 't.sender_id')
        .leftJoin('devices as d', 'd.id', 't.device_id')
        .select([
          't.id',
          't.type',
          't.amount',
          't.balance_after',
          't.plan',
          't.created_at',
          't.receiver_id',
          't.sender_id',
          'r.name as receiver_name',
          's.name as sender_name',
          'd.mac as device_mac',
        ])
        .orderBy('t.id', 'desc')
        .limit(limit);
      if (beforeId !== undefined) query = query.where('t.id', '<', beforeId);
      if (involving !== undefined) {
        query = query.where((eb) =>
          eb.or([eb('t.sender_id', '=', involving), eb('t.receiver_id', '=', involving)]),
        );
      }
      return query.execute();
    },
  };
}
export type CreditRepository = ReturnType<typeof createCreditRepository>;
