import type { GuessingLimits, RequireTwoFactor } from '../../config';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { AppError, tooManyAttempts } from '../../errors';
import { type ClientInfo, startPanelSession } from '../auth/auth-service';
import { accountEvent, signedIn } from '../auth/account-events';
import { createSessionRepository, type SessionRepository } from '../auth/session-repository';
import type { EventRecorder } from '../events/outbox';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { guess } from '../security/guess';
import { verifySecret } from '../security/passwords';
import { perAccountRule, perAddress } from '../security/sign-in-limits';
import { hashToken, newSessionToken } from '../security/tokens';
import type { UserRepository } from '../users/user-repository';
import { createTwoFactorRepository, type TwoFactorRepository } from './two-factor-repository';
import {
  acceptedTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrCodeSvg,
  recoveryCodeHash,
} from './totp';

const codeIncorrect = (status: 400 | 401) =>
  new AppError(
    status,
    'two_factor_code_incorrect',
    'The code is not right',
    status === 400 ? { field: 'code' } : {},
  );
const stepExpired = () =>
  new AppError(401, 'two_factor_step_expired', 'The sign-in step has expired; sign in again');

/**
 * Two-factor sign-in with authenticator codes (TOTP) and recovery codes (docs/decisions/0016-two-factor.md).
 * Every code is a secret checked through `guess()`: at sign-in on the account's login key (so wrong
 * codes and wrong passwords add up to one lockout), on a per-user key when enabling or disabling.
 */
export function createTwoFactorService(deps: {
  db: Db;
  events: EventRecorder;
  users: UserRepository;
  sessions: SessionRepository;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
  requireTwoFactor: RequireTwoFactor;
  issuer: string;
  now?: () => Date;
}) {
  const { db, events, users, sessions, limiter, limits } = deps;
  const codes = createTwoFactorRepository(db);
  const now = deps.now ?? (() => new Date());
  const accountRule = perAccountRule(limits);

  /**
   * A right authenticator code for a step later than the last one used, or an unused recovery code.
   * Either is spent by one conditional write, so a code works once even when sent twice at once.
   */
  async function spendSecondFactor(
    repo: TwoFactorRepository,
    userId: number,
    code: string,
  ): Promise<boolean> {
    if (/^\d+$/.test(code)) {
      const stored = await repo.findSecret(userId);
      const step = stored ? await acceptedTotpStep(stored.secret, code) : null;
      return step !== null && repo.claimStep(userId, step);
    }
    return repo.spendRecoveryCode(userId, recoveryCodeHash(code));
  }

  /** Enabling and disabling end the account's other sessions; the browser that did it stays signed in. */
  async function endOtherSessions(userId: number, currentToken: string | undefined): Promise<void> {
    await sessions.deleteOthersForUser(userId, currentToken ? hashToken(currentToken) : '');
  }

  const perUser = (user: UserRow) => ({
    key: `two-factor:user:${user.id}`,
    rule: accountRule,
    refusal: 'account_locked' as const,
  });

  return {
    /** REQUIRE_2FA names the user's role and the account has not enrolled: only enrolment works. */
    enrolmentRequired(user: Pick<UserRow, 'role' | 'has_two_factor'>): boolean {
      if (user.has_two_factor || deps.requireTwoFactor === 'off') return false;
      return deps.requireTwoFactor === 'all' || user.role === 'admin';
    },

    /** A new secret to scan; it replaces an unfinished enrolment and is shown only until enabled. */
    async setup(user: UserRow) {
      if (user.has_two_factor)
        throw new AppError(409, 'two_factor_already_enabled', 'Two-factor sign-in is on');
      const secret = newTotpSecret();
      await codes.savePendingSecret(user.id, secret);
      const url = otpauthUrl(secret, user.email, deps.issuer);
      return { secret, otpauth_url: url, qr_svg: await qrCodeSvg(url) };
    },

    /** The first code proves the app has the secret; answers the recovery codes, shown this once. */
    async enable(user: UserRow, code: string, currentToken: string | undefined): Promise<string[]> {
      if (user.has_two_factor)
        throw new AppError(409, 'two_factor_already_enabled', 'Two-factor sign-in is on');
      if (!(await codes.findSecret(user.id))) {
        throw new AppError(409, 'two_factor_setup_required', 'Start the set-up first');
      }
      const attempt = perUser(user);
      const outcome = await guess(
        limiter,
        [attempt],
        async () => ((await spendSecondFactor(codes, user.id, code)) ? true : null),
        { resetOnSuccess: [attempt.key] },
      );
      if (!outcome.right) {
        if (outcome.state.locked) throw tooManyAttempts('account_locked', outcome.state.retryAfterMs);
        throw codeIncorrect(400);
      }
      const recoveryCodes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await createTwoFactorRepository(trx).enable(user.id, recoveryCodes.map(recoveryCodeHash));
        await events.record(trx, accountEvent('two_factor.enabled', user.id));
      });
      await endOtherSessions(user.id, currentToken);
      return recoveryCodes;
    },

    /** The password and a code (authenticator or recovery) turn it off. */
    async disable(
      user: UserRow,
      password: string,
      code: string,
      currentToken: string | undefined,
    ): Promise<void> {
      if (!user.has_two_factor)
        throw new AppError(409, 'two_factor_not_enabled', 'Two-factor sign-in is off');
      let wrong = 'password' as 'password' | 'code';
      const attempt = perUser(user);
      const outcome = await guess(
        limiter,
        [attempt],
        async () => {
          const fresh = await users.findById(user.id);
          if (!fresh || !(await verifySecret(fresh.password_hash, password))) return null;
          // Only after the password: a wrong password must not spend a good code.
          wrong = 'code';
          return (await spendSecondFactor(codes, user.id, code)) ? true : null;
        },
        { resetOnSuccess: [attempt.key] },
      );
      if (!outcome.right) {
        if (outcome.state.locked) throw tooManyAttempts('account_locked', outcome.state.retryAfterMs);
        if (wrong === 'code') throw codeIncorrect(400);
        throw new AppError(400, 'current_password_incorrect', 'Current password is incorrect', {
          field: 'password',
        });
      }
      await db.transaction().execute(async (trx) => {
        await createTwoFactorRepository(trx).disable(user.id);
        await events.record(trx, accountEvent('two_factor.disabled', user.id));
      });
      await endOtherSessions(user.id, currentToken);
    },

    /**
     * The step token between password and code: 256 random bits, only its hash stored, in its own
     * table (so it is no session cookie), for twoFactorStepMs, spent by the sign-in it completes.
     */
    async issueStepToken(userId: number): Promise<string> {
      const token = newSessionToken();
      await codes.insertChallenge(
        hashToken(token),
        userId,
        new Date(now().getTime() + limits.twoFactorStepMs),
      );
      return token;
    },

    /** The code step of a sign-in: a right code spends the step token and starts the session. */
    async verify(
      stepToken: string,
      code: string,
      client: ClientInfo,
    ): Promise<{ user: UserRow; token: string }> {
      const tokenHash = hashToken(stepToken);
      const challenge = await codes.findChallenge(tokenHash, now());
      const user = challenge ? await users.findById(challenge.user_id) : undefined;
      if (!user || !user.has_two_factor) throw stepExpired();
      const accountKey = `login:email:${user.email}`;
      const outcome = await guess(
        limiter,
        [
          perAddress(limits, 'login', client.ip),
          { key: accountKey, rule: accountRule, refusal: 'account_locked' },
        ],
        // Like a password, a banned account's right code answers and counts as a wrong one.
        async () => ((await spendSecondFactor(codes, user.id, code)) && !user.is_banned ? user : null),
        { resetOnSuccess: [accountKey] },
      );
      // Like a wrong password: this answer says the code was wrong; the next one finds the lock.
      if (!outcome.right) throw codeIncorrect(401);
      if (!(await codes.consumeChallenge(tokenHash, now()))) throw stepExpired();
      const token = await db.transaction().execute(async (trx) => {
        const started = await startPanelSession(createSessionRepository(trx), user.id, client);
        await events.record(trx, signedIn(user.id, 'two_factor'));
        return started;
      });
      return { user, token };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
