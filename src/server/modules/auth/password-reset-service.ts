import type { GuessingLimits } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { EventRecorder } from '../events/outbox';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { hashSecret } from '../security/passwords';
import { countSubmission } from '../security/public-form-limit';
import { hashToken } from '../security/tokens';
import { createUserRepository } from '../users/user-repository';
import { createPasswordResetRepository } from './password-reset-repository';
import { createSessionRepository } from './session-repository';

export const resetLinkInvalid = () =>
  new AppError(400, 'reset_link_invalid', 'This reset link is invalid, was already used or has expired', {
    field: 'token',
  });

/**
 * "Forgot password?" (decision 0014). The request only records `password_reset.requested`; the mail
 * consumer mints the link's token when it sends, so no secret is in the request's path or the events.
 */
export function createPasswordResetService(deps: {
  db: Db;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
  events: EventRecorder;
  now?: () => Date;
}) {
  const { db, limiter, limits, events } = deps;
  const now = deps.now ?? (() => new Date());
  const rule = (max: number) => ({
    maxFailures: max,
    windowMs: limits.passwordResetWindowMs,
    lockMs: limits.passwordResetWindowMs,
  });

  return {
    /**
     * The same answer, and nearly the same work (the counts, one lookup; the mail is sent later by the
     * outbox), whether or not the address has an account. Unknown addresses are counted like known ones,
     * so the per-address limit tells nothing either.
     */
    async requestReset(email: string, ip: string): Promise<void> {
      await countSubmission(limiter, `password-reset:ip:${ip}`, rule(limits.passwordResetsPerIp));
      await countSubmission(limiter, `password-reset:email:${email}`, rule(limits.passwordResetsPerEmail));
      const user = await createUserRepository(db).findByEmail(email);
      if (!user || user.is_banned) return;
      await db.transaction().execute((trx) =>
        events.record(trx, {
          type: 'password_reset.requested',
          actorId: null,
          subject: `user:${user.id}`,
          payload: { user_id: user.id },
        }),
      );
    },

    /**
     * Uses a link once: the new password is set, every reset link and every session of the account
     * end, and its owner is told by e-mail, all in one transaction. Of two requests with one token,
     * exactly one gets past `consume`.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const tokenHash = hashToken(token);
      // Checked before hashing, so made-up tokens cost no argon2 time; consumed atomically below.
      if ((await createPasswordResetRepository(db).findLiveOwner(tokenHash, now())) === undefined) {
        throw resetLinkInvalid();
      }
      const passwordHash = await hashSecret(password);
      const userId = await db.transaction().execute(async (trx) => {
        const resets = createPasswordResetRepository(trx);
        const owner = await resets.consume(tokenHash, now());
        if (owner === undefined) return undefined;
        await createUserRepository(trx).setPasswordHash(owner, passwordHash);
        await resets.deleteAllForUser(owner);
        await createSessionRepository(trx).deleteAllForUser(owner);
        await events.record(trx, {
          type: 'password.reset',
          actorId: owner,
          subject: `user:${owner}`,
          payload: { user_id: owner },
        });
        return owner;
      });
      if (userId === undefined) throw resetLinkInvalid();
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
