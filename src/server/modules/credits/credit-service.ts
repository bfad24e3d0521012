import type { TransactionView } from '../../../shared/api/credits';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { AppError, insufficientCredits } from '../../errors';
import type { EventRecorder } from '../events/outbox';
import { createResellerService } from '../resellers/reseller-service';
import { createCreditRepository } from './credit-repository';

/** Moving credits between accounts; every change is a ledger row written in the same transaction. */
export function createCreditService(db: Db, events: EventRecorder) {
  const resellers = createResellerService(db);

  return {
    /** Admins add to or remove from any reseller's balance; a removal never goes below zero. */
    async adminTransfer(
      admin: UserRow,
      input: { resellerId: number; credits: number; type: 'add' | 'remove' },
    ): Promise<{ currentCredits: number }> {
      const target = await resellers.findManaged(admin, input.resellerId);
      const currentCredits = await db.transaction().execute(async (trx) => {
        const credits = createCreditRepository(trx);
        const balance =
          input.type === 'add'
            ? await credits.credit(target.id, input.credits)
            : await credits.debitIfEnough(target.id, input.credits);
        if (balance === null)
          throw new AppError(400, 'exceeds_reseller_credits', 'Amount exceeds reseller credits', {
            field: 'credits',
          });
        await credits.record({
          type: input.type,
          amount: input.credits,
          senderId: admin.id,
          receiverId: target.id,
          balanceAfter: balance,
        });
        await events.record(trx, {
          type: 'credits.changed',
          actorId: admin.id,
          subject: `user:${target.id}`,
          payload: {
            user_id: target.id,
            change: input.type === 'add' ? input.credits : -input.credits,
            balance,
            reason: input.type === 'add' ? 'admin_add' : 'admin_remove',
          },
        });
        return balance;
      });
      return { currentCredits };
    },

    /** A reseller gives some of its own credits to one of its direct sub-resellers. */
    async resellerTransfer(
      sender: UserRow,
      input: { resellerId: number; credits: number },
    ): Promise<{ currentCredits: number; senderCredits: number | null }> {
      if (sender.role === 'admin') {
        const { currentCredits } = await this.adminTransfer(sender, { ...input, type: 'add' });
        return { currentCredits, senderCredits: null };
      }
      const target = await resellers.findManaged(sender, input.resellerId);
      return db.transaction().execute(async (trx) => {
        const credits = createCreditRepository(trx);
        const senderCredits = await credits.debitIfEnough(sender.id, input.credits);
        if (senderCredits === null) throw insufficientCredits();
        const currentCredits = await credits.credit(target.id, input.credits);
        await credits.record({
          type: 'transfer',
          amount: input.credits,
          senderId: sender.id,
          receiverId: target.id,
          balanceAfter: currentCredits,
        });
        const transfer = { actorId: sender.id, subject: `user:${target.id}` } as const;
        await events.record(trx, {
          type: 'credits.changed',
          ...transfer,
          payload: {
            user_id: sender.id,
            change: -input.credits,
            balance: senderCredits,
            reason: 'transfer_out',
            counterpart: target.name,
          },
        });
        await events.record(trx, {
          type: 'credits.changed',
          ...transfer,
          payload: {
            user_id: target.id,
            change: input.credits,
            balance: currentCredits,
            reason: 'transfer_in',
            counterpart: sender.name,
          },
        });
        return { currentCredits, senderCredits };
      });
    },

    /** The caller's ledger (an admin's: everyone's), newest first, older than `beforeId` when given. */
    async recent(actor: UserRow, limit: number, beforeId?: number): Promise<TransactionView[]> {
      const rows = await createCreditRepository(db).listRecent(
        limit,
        actor.role === 'admin' ? undefined : actor.id,
        beforeId,
      );
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        amount: row.amount,
        credits: row.balance_after,
        receiver: row.receiver_id !== null ? { id: row.receiver_id, name: row.receiver_name ?? '' } : null,
        sender: row.sender_id !== null ? { id: row.sender_id, name: row.sender_name ?? '' } : null,
        device_mac: row.device_mac,
        plan: row.plan,
        created_at: row.created_at.toISOString(),
      }));
    },
  };
}
