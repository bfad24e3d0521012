import { PLAN_CREDIT_COST, type PaidPlan, expiryAfterActivation } from '../../../shared/plans';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { createCreditRepository } from '../credits/credit-repository';
import { notify } from '../notifications/notification-service';

export type ActivationInput = {
  deviceId: number;
  plan: PaidPlan;
  name?: string | null;
  phone?: string | null;
};

export const insufficientCredits = () => new AppError(402, 'insufficient_credits', 'Not enough credits');

/**
 * Activation (DESIGN.md section 6), all in one transaction: debit the reseller with a conditional
 * update, bind the device to its first activating reseller, extend or set the plan, write the ledger.
 * Admins pay nothing and leave ownership as it is.
 */
export function createActivationService(db: Db) {
  return {
    async activate(actor: UserRow, input: ActivationInput): Promise<{ updatedCredits: number | null }> {
      const cost = PLAN_CREDIT_COST[input.plan];
      const isAdmin = actor.role === 'admin';
      const result = await db.transaction().execute(async (trx) => {
        const device = await trx
          .selectFrom('devices')
          .selectAll()
          .where('id', '=', input.deviceId)
          .executeTakeFirst();
        // Another reseller's device is invisible elsewhere (404); here the caller knows it exists, so 403.
        if (!device) throw notFound('Device not found');
        if (!isAdmin && device.owner_id !== null && device.owner_id !== actor.id) {
          throw forbidden('This device belongs to another reseller');
        }

        const credits = createCreditRepository(trx);
        let balance: number | null = null;
        if (!isAdmin) {
          balance = await credits.debitIfEnough(actor.id, cost);
          if (balance === null) throw insufficientCredits();
        }

        const now = new Date();
        const bound = await trx
          .updateTable('devices')
          .set({
            payment_type: input.plan,
            is_paid: true,
            paid_at: now,
            expires_at: expiryAfterActivation(input.plan, device.expires_at, now),
            owner_id: isAdmin ? device.owner_id : actor.id,
            ...(input.name ? { name: input.name } : {}),
            ...(input.phone ? { phone: input.phone } : {}),
            updated_at: now,
          })
          .where('id', '=', device.id)
          // Re-checked in the UPDATE itself: two resellers racing for one unowned device cannot both win.
          .$if(!isAdmin, (qb) =>
            qb.where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', actor.id)])),
          )
          .returning(['id', 'owner_id', 'mac'])
          .executeTakeFirst();
        if (!bound) throw forbidden('This device belongs to another reseller');

        await credits.record({
          type: 'activation',
          amount: cost,
          senderId: actor.id,
          receiverId: null,
          deviceId: device.id,
          plan: input.plan,
          balanceAfter: balance,
        });
        if (bound.owner_id !== null) {
          await notify(
            trx,
            bound.owner_id,
            'device_activated',
            `Device ${bound.mac} activated (${input.plan})`,
            { mac: bound.mac, plan: input.plan },
          );
        }
        return balance;
      });
      return { updatedCredits: result };
    },
  };
}
export type ActivationService = ReturnType<typeof createActivationService>;
