import type { ResellerView } from '../../../shared/api/reseller';
import type { GuessingLimits } from '../../config';
import { type Db, isSqlite } from '../../db';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, insufficientCredits, notFound } from '../../errors';
import { createSessionRepository } from '../auth/session-repository';
import { createCreditRepository } from '../credits/credit-repository';
import { changedFields } from '../events/changes';
import { changeAndRecord, type EventRecorder } from '../events/outbox';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { hashSecret } from '../security/passwords';
import { countSubmission } from '../security/public-form-limit';
import { createUserRepository } from '../users/user-repository';
import { createResellerRepository } from './reseller-repository';

export function toResellerView(row: UserRow): ResellerView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    credits: row.credits,
    banned: row.is_banned,
    status: row.is_banned ? 'Banned' : 'Active',
    parentId: row.parent_id,
    role: row.role,
    created_at: row.created_at.toISOString(),
  };
}

/** The hierarchy rule: admins manage every non-admin; anyone else only its direct sub-resellers. */
export function manages(actor: UserRow, target: UserRow): boolean {
  if (target.role === 'admin' || target.id === actor.id) return false;
  return actor.role === 'admin' || target.parent_id === actor.id;
}

/** What bounds the accounts a reseller creates: a rate per window and a total (MAX_SUB_RESELLERS). */
export type CreationLimits = {
  /** Creations, edits and bans are recorded (the audit log). */
  events: EventRecorder;
  limiter: AttemptLimiter;
  limits: Pick<GuessingLimits, 'resellerCreationsPerWindow' | 'resellerCreationWindowMs'>;
  maxSubResellers: number;
  /** Levels of resellers below the admins (RESELLER_TREE_DEPTH); null, no limit. */
  treeDepth: number | null;
};

export const subResellerLimitReached = (max: number) =>
  new AppError(409, 'sub_reseller_limit', `An account can create at most ${max} sub-resellers`);

/** `creation` is needed only to create accounts (other modules use the hierarchy rules alone). */
export function createResellerService(db: Db, creation?: CreationLimits) {
  const resellers = createResellerRepository(db);
  const users = createUserRepository(db);

  /** What changing accounts needs; the credits module builds this service for lookups only. */
  function changes(): CreationLimits {
    if (!creation) throw new Error('createResellerService: changing accounts needs its limits and events');
    return creation;
  }

  /** A user the actor manages; anyone else is "not found" so the hierarchy is not revealed. */
  async function findManaged(actor: UserRow, id: number): Promise<UserRow> {
    const target = await users.findById(id);
    if (!target || !manages(actor, target)) throw notFound('Reseller not found');
    return target;
  }

  /**
   * Whether `actor` may add accounts below it: admins always; anyone else while its level (1 for an
   * admin's reseller, 2 for that reseller's sub-reseller...) is above the tree's last one. The chain
   * is walked only when a depth is set, and never further than the depth.
   */
  async function mayAddSubResellers(actor: UserRow): Promise<boolean> {
    const depth = creation?.treeDepth ?? null;
    if (actor.role === 'admin' || depth === null) return true;
    let level = 1;
    let parentId = actor.parent_id;
    while (parentId !== null && level < depth) {
      const parent = await users.findById(parentId);
      if (!parent || parent.role === 'admin') break;
      level += 1;
      parentId = parent.parent_id;
    }
    return level < depth;
  }

  return {
    findManaged,
    mayAddSubResellers,

    async list(actor: UserRow, search?: string): Promise<ResellerView[]> {
      const rows = await resellers.list({ parentId: actor.role === 'admin' ? undefined : actor.id, search });
      return rows.map(toResellerView);
    },

    /**
     * Role and parent come from the creator, never from the request. Starting credits are taken from
     * the creator's own balance (admins' are unlimited), in the same transaction as the new account.
     * A reseller's creations are bounded, so an account cannot create accounts without end nor probe
     * which e-mails hold accounts at scale: each attempt takes a place in a rate per window first
     * (reserved atomically, an "e-mail in use" answer included), and the total of its sub-resellers
     * is capped, counted in the transaction that inserts. Admins, who see every account, are exempt.
     */
    async create(
      actor: UserRow,
      input: { name: string; email: string; password: string; phone: string; credits: number },
    ): Promise<ResellerView> {
      if (!creation) throw new Error('createResellerService: creating accounts needs its limits');
      const bounded = actor.role !== 'admin';
      if (!(await mayAddSubResellers(actor))) {
        throw forbidden('Accounts at this level of the reseller tree cannot add sub-resellers');
      }
      if (bounded) {
        await countSubmission(creation.limiter, `reseller-create:user:${actor.id}`, {
          maxFailures: creation.limits.resellerCreationsPerWindow,
          windowMs: creation.limits.resellerCreationWindowMs,
          lockMs: creation.limits.resellerCreationWindowMs,
        });
      }
      const passwordHash = await hashSecret(input.password);
      const created = await db
        .transaction()
        .execute(async (trx) => {
          if (bounded) {
            // PostgreSQL: the creator's row lock queues its parallel creations, so each count (a fresh
            // snapshot) sees the accounts committed before it. SQLite: the transaction holds the only
            // connection.
            if (!isSqlite(trx)) {
              await trx.selectFrom('users').select('id').where('id', '=', actor.id).forUpdate().execute();
            }
            const count = await createResellerRepository(trx).countChildren(actor.id);
            if (count >= creation.maxSubResellers) throw subResellerLimitReached(creation.maxSubResellers);
          }
          if (await createResellerRepository(trx).emailTaken(input.email)) {
            throw conflict('This e-mail is already in use');
          }
          const credits = createCreditRepository(trx);
          if (actor.role !== 'admin' && input.credits > 0) {
            const left = await credits.debitIfEnough(actor.id, input.credits);
            if (left === null) throw insufficientCredits();
          }
          const user = await createUserRepository(trx).insert({
            name: input.name,
            email: input.email,
            phone: input.phone,
            password_hash: passwordHash,
            role: actor.role === 'admin' ? 'reseller' : 'sub_reseller',
            parent_id: actor.id,
            credits: input.credits,
          });
          if (input.credits > 0) {
            await credits.record({
              type: actor.role === 'admin' ? 'add' : 'transfer',
              amount: input.credits,
              senderId: actor.id,
              receiverId: user.id,
              balanceAfter: input.credits,
            });
          }
          await creation.events.record(trx, {
            type: 'reseller.created',
            actorId: actor.id,
            subject: `user:${user.id}`,
            payload: { user_id: user.id, target_name: user.name, role: user.role, credits: input.credits },
          });
          return user;
        })
        .catch((error: unknown) => {
          // Two creations racing for one e-mail: the unique index decides.
          if (/unique|duplicate/i.test(String((error as Error).message)))
            throw conflict('This e-mail is already in use');
          throw error;
        });
      return toResellerView(created);
    },

    async updateContact(
      actor: UserRow,
      id: number,
      fields: { name: string; phone: string },
    ): Promise<ResellerView> {
      const { events } = changes();
      const before = await findManaged(actor, id);
      const updated = await changeAndRecord(
        db,
        events,
        (trx) => createResellerRepository(trx).updateContact(id, fields),
        (row) => ({
          type: 'reseller.updated',
          actorId: actor.id,
          subject: `user:${id}`,
          payload: {
            user_id: id,
            target_name: row.name,
            changes: changedFields(before, row, ['name', 'phone']),
          },
        }),
      );
      return toResellerView(updated);
    },

    /** Banning ends the banned user's sessions at once. */
    async toggleBan(actor: UserRow, id: number): Promise<ResellerView> {
      const { events } = changes();
      const target = await findManaged(actor, id);
      const banned = !target.is_banned;
      await db.transaction().execute(async (trx) => {
        await createUserRepository(trx).setBanned(id, banned);
        if (banned) await createSessionRepository(trx).deleteAllForUser(id);
        await events.record(trx, {
          type: banned ? 'reseller.banned' : 'reseller.unbanned',
          actorId: actor.id,
          subject: `user:${id}`,
          payload: { user_id: id, target_name: target.name },
        });
      });
      return toResellerView({ ...target, is_banned: banned });
    },
  };
}
export type ResellerService = ReturnType<typeof createResellerService>;
