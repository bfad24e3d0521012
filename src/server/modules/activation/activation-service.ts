import { PLAN_CREDIT_COST, type PaidPlan, expiryAfterActivation } from '../../../shared/plans';
import type { GuessingLimits } from '../../config';
import type { Db } from '../../db';
import type { DeviceRow, UserRow } from '../../db/schema';
import { AppError, forbidden, insufficientCredits, notFound } from '../../errors';
import { createCreditRepository } from '../credits/credit-repository';
import { deviceKeyAttempts, sameDeviceKey } from '../devices/device-key-guess';
import { createDeviceRepository } from '../devices/device-repository';
import { belongsToViewer, isViewersDevice } from '../devices/viewer-device';
import type { EventRecorder } from '../events/outbox';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { guess } from '../security/guess';
import { canManage } from '../security/ownership';

/**
 * The device to activate: by id (the panel's form, bulk rows, client registrations) or by MAC (the
 * reseller API's path), read inside the activation's transaction either way.
 */
export type ActivationInput = ({ deviceId: number } | { mac: string }) & {
  plan: PaidPlan;
  name?: string | null;
  phone?: string | null;
  /** The viewer's consent: the key their app shows, needed for a device that belongs to a viewer. */
  deviceKey?: string | null;
};

const deviceKeyRequired = () =>
  new AppError(403, 'device_key_required', 'This device belongs to a viewer: its device key is required');
const deviceKeyIncorrect = () =>
  new AppError(403, 'device_key_incorrect', 'The device key does not match this device');
const anotherResellers = () => forbidden('This device belongs to another reseller');

function findNamed(devices: ReturnType<typeof createDeviceRepository>, input: ActivationInput) {
  return 'mac' in input ? devices.findByMac(input.mac) : devices.findById(input.deviceId);
}

/**
 * Activation (docs/architecture.md), all in one transaction: bind the device to its first activating
 * reseller, extend or set the plan, record the event, then debit the reseller with a conditional update
 * and write the ledger.
 * Admins pay nothing, need no device key and leave ownership as it is. Nobody activates a banned
 * device, and a lifetime device is never charged again nor downgraded.
 */
export function createActivationService(deps: {
  db: Db;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
  events: EventRecorder;
}) {
  const { db, limiter, limits, events } = deps;
  const devices = createDeviceRepository(db);

  /** Refusals that hold for every caller, checked on the row the transaction read. */
  function refuseUnactivatable(device: DeviceRow): void {
    if (device.is_banned) throw new AppError(409, 'device_banned', 'This device is banned');
    if (device.payment_type === 'lifetime') {
      throw new AppError(409, 'already_lifetime', 'This device already has a lifetime plan');
    }
  }

  /** Another reseller's device, then the refusals that hold for everyone. */
  function refuseForActor(actor: UserRow, device: DeviceRow): void {
    // Another reseller's device is invisible elsewhere (404); here the caller knows it exists, so 403.
    if (device.owner_id !== null && !canManage(actor, device.owner_id)) throw anotherResellers();
    refuseUnactivatable(device);
  }

  /**
   * A device key given for a viewer's device is a guess like any other (decision 0010): it is counted
   * per (device, reseller account) and against the device's per-MAC ceiling *before* it is compared,
   * outside the activation's transaction (the limiter writes on its own connection). Answers whether
   * the key was checked and right; the transaction then re-checks the rule on the row it locks.
   */
  async function checkConsent(actor: UserRow, input: ActivationInput): Promise<boolean> {
    // No key, no guess to count: the transaction itself refuses a viewer's device without one.
    const given = input.deviceKey;
    if (!given) return false;
    const device = await findNamed(devices, input);
    if (!device || !(await isViewersDevice(db, device))) return false;
    const outcome = await guess(
      limiter,
      deviceKeyAttempts(limits, device.mac, { userId: actor.id }),
      async () => {
        const current = await devices.findById(device.id);
        return current && sameDeviceKey(current.device_key, given) ? true : null;
      },
    );
    if (!outcome.right) throw deviceKeyIncorrect();
    return true;
  }

  return {
    /**
     * Why `activate` would refuse this device to `actor` without a device key (null: it would not),
     * for previews that must predict it without charging (bulk activation). The transaction of
     * `activate` checks the same rules again on the row it writes.
     */
    refusal(actor: UserRow, device: DeviceRow, hasPlaylists: boolean, now = new Date()): AppError | null {
      // In activate's order: a viewer's device asks for its key before its ban or plan is told.
      if (actor.role !== 'admin' && belongsToViewer(device, hasPlaylists, now)) return deviceKeyRequired();
      try {
        refuseForActor(actor, device);
      } catch (error) {
        return error as AppError;
      }
      return null;
    },

    /**
     * Answers the reseller's balance after the debit (null for an admin) and the device as the
     * activation left it, so that a caller showing it needs no read after the commit.
     */
    async activate(
      actor: UserRow,
      input: ActivationInput,
    ): Promise<{ updatedCredits: number | null; device: DeviceRow }> {
      const cost = PLAN_CREDIT_COST[input.plan];
      const isAdmin = actor.role === 'admin';
      const consented = isAdmin ? false : await checkConsent(actor, input);
      const result = await db.transaction().execute(async (trx) => {
        const inTransaction = createDeviceRepository(trx);
        const device = await findNamed(inTransaction, input);
        if (!device) throw notFound('Device not found');
        const now = new Date();
        // A viewer's device asks for its key before anything else is said about it (its plan, a ban).
        if (!isAdmin && (await isViewersDevice(trx, device, now))) {
          // No key was given, it became a viewer's after the consent check, or its key changed since.
          if (!consented || !input.deviceKey || !sameDeviceKey(device.device_key, input.deviceKey)) {
            throw deviceKeyRequired();
          }
        }
        refuseForActor(actor, device);

        // Refused when the row changed since it was read (banned, made lifetime, taken by another
        // reseller).
        const bound = await inTransaction.applyActivation(
          device.id,
          {
            payment_type: input.plan,
            is_paid: true,
            paid_at: now,
            expires_at: expiryAfterActivation(input.plan, device.expires_at, now),
            owner_id: isAdmin ? device.owner_id : actor.id,
            ...(input.name ? { name: input.name } : {}),
            ...(input.phone ? { phone: input.phone } : {}),
            updated_at: now,
          },
          isAdmin ? null : actor.id,
        );
        if (!bound) {
          const current = await inTransaction.findById(device.id);
          if (!current) throw notFound('Device not found');
          refuseUnactivatable(current);
          throw anotherResellers();
        }

        await events.record(trx, {
          type: 'device.activated',
          actorId: actor.id,
          subject: `device:${device.id}`,
          payload: { device_id: device.id, mac: bound.mac, plan: input.plan, owner_id: bound.owner_id },
        });

        // The debit comes last (decision 0024): it locks the reseller's row until the commit, and every
        // other activation of that reseller waits for that lock (a bulk activation, the reseller API's
        // parallel calls). Taken first, the lock was held over every other statement of the
        // transaction. Too few credits roll back the device's update and the event above.
        const credits = createCreditRepository(trx);
        let balance: number | null = null;
        if (!isAdmin) {
          balance = await credits.debitIfEnough(actor.id, cost);
          if (balance === null) throw insufficientCredits();
        }
        await credits.record({
          type: 'activation',
          amount: cost,
          senderId: actor.id,
          receiverId: null,
          deviceId: device.id,
          plan: input.plan,
          balanceAfter: balance,
        });
        return { updatedCredits: balance, device: bound };
      });
      return result;
    },
  };
}
export type ActivationService = ReturnType<typeof createActivationService>;
