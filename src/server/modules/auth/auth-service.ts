import type { GuessingLimits } from '../../config';
import { AppError, tooManyAttempts } from '../../errors';
import type { UserRow } from '../../db/schema';
import type { AccountPreferences, SessionView } from '../../../shared/api/auth';
import type { LanguageCode } from '../../../shared/languages';
import { notFound } from '../../errors';
import { describeUserAgent } from './user-agent';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { type GuardedAttempt, guess } from '../security/guess';
import { resumeSession } from '../security/idle-sessions';
import { hashSecret, verifyAgainstDecoy, verifySecret } from '../security/passwords';
import { perAccountRule, perAddress } from '../security/sign-in-limits';
import { hashToken, newSessionToken } from '../security/tokens';
import type { UserRepository } from '../users/user-repository';
import type { Db } from '../../db';
import { changedFields } from '../events/changes';
import type { DomainEvent } from '../events/domain-events';
import { changeAndRecord, type EventRecorder } from '../events/outbox';
import { accountEvent, signedIn } from './account-events';
import { createPasswordResetRepository } from './password-reset-repository';
import { createSessionRepository, type SessionRepository } from './session-repository';
import { createUserRepository } from '../users/user-repository';

/** Who is calling: address, browser, and the panel's language (from its cookie) when it sent one. */
export type ClientInfo = { ip: string; userAgent: string | null; language?: LanguageCode | null };

export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'invalid_credentials', 'Invalid credentials');
  }
}

/** A new panel session for the user: the cookie's token (only its hash is stored). */
export async function startPanelSession(
  sessions: SessionRepository,
  userId: number,
  client: ClientInfo,
): Promise<string> {
  const token = newSessionToken();
  await sessions.insert({
    tokenHash: hashToken(token),
    userId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** A sign-in: a session, or (two-factor on) the step token that the code will exchange for one. */
export type LoginResult = { user: UserRow; token: string } | { user: UserRow; stepToken: string };

export function createAuthService(deps: {
  db: Db;
  events: EventRecorder;
  users: UserRepository;
  sessions: SessionRepository;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
  /** Issues the step token of two-factor sign-in (modules/two-factor). */
  twoFactor?: { issueStepToken(userId: number): Promise<string> };
  now?: () => Date;
}) {
  const { db, events, users, sessions, limiter, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const accountRule = perAccountRule(limits);

  return {
    /**
     * Under the guessing limits (an attempt is reserved before the password is checked). A banned
     * account's right password answers and counts exactly like a wrong one, so it tells nothing.
     */
    async login(email: string, password: string, client: ClientInfo): Promise<LoginResult> {
      const accountKey = `login:email:${email}`;
      const attempts: GuardedAttempt[] = [
        perAddress(limits, 'login', client.ip),
        { key: accountKey, rule: accountRule, refusal: 'account_locked' },
      ];
      const outcome = await guess(limiter, attempts, async () => {
        const user = await users.findByEmail(email);
        const valid = user
          ? await verifySecret(user.password_hash, password)
          : await verifyAgainstDecoy(password);
        return user && valid && !user.is_banned ? user : null;
      });
      if (!outcome.right) throw new InvalidCredentialsError();
      const user = outcome.value;
      // The account's e-mails follow the language its owner last used the panel in (decision 0014).
      if (client.language && client.language !== user.language) {
        await users.setLanguage(user.id, client.language);
      }
      // With two-factor on, the password alone signs nobody in, so it does not clear the account's
      // failures either: otherwise each right password would buy ten more guesses at the code.
      if (user.has_two_factor && deps.twoFactor) {
        return { user, stepToken: await deps.twoFactor.issueStepToken(user.id) };
      }
      await limiter.reset(accountKey);
      const token = await db.transaction().execute(async (trx) => {
        const started = await startPanelSession(createSessionRepository(trx), user.id, client);
        await events.record(trx, signedIn(user.id, 'password'));
        return started;
      });
      return { user, token };
    },

    /** The signed-in user for a cookie's token, or null (unknown, idle too long, too old, or banned). */
    async authenticate(token: string): Promise<UserRow | null> {
      const at = now();
      const row = await resumeSession(sessions, token, {
        idleMs: limits.sessionIdleMs,
        at,
        // Besides the idle expiry, an absolute lifetime: a stolen cookie kept busy still dies.
        refuse: (session) => at.getTime() - session.session_created_at.getTime() > limits.sessionMaxAgeMs,
      });
      if (!row) return null;
      if (row.is_banned) {
        await sessions.deleteAllForUser(row.id);
        return null;
      }
      const { last_seen_at: _seen, token_hash: _hash, session_created_at: _created, ...user } = row;
      return user;
    },

    /** Ends the session; an unknown or already ended one is a no-op (and nobody to record). */
    async logout(token: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const ended = await createSessionRepository(trx).deleteReturningUser(hashToken(token));
        if (ended !== null) await events.record(trx, accountEvent('auth.signed_out', ended));
      });
    },

    /**
     * Ends every session of the user (a thief's too) and returns a fresh one for this browser,
     * so the person who changed the password stays signed in.
     */
    /** The account's e-mail preferences; a change is recorded with its old -> new. */
    async setPreferences(user: UserRow, preferences: AccountPreferences): Promise<AccountPreferences> {
      await changeAndRecord(
        db,
        events,
        async (trx) => {
          const before = await createUserRepository(trx).findById(user.id);
          await createUserRepository(trx).setExpiryDigest(user.id, preferences.expiry_digest);
          return changedFields(
            { expiry_digest: before?.has_expiry_digest ?? preferences.expiry_digest },
            preferences,
            ['expiry_digest'],
          );
        },
        (changes): DomainEvent | null =>
          Object.keys(changes).length === 0
            ? null
            : {
                type: 'account.preferences_changed',
                actorId: user.id,
                subject: `user:${user.id}`,
                payload: { user_id: user.id, changes },
              },
      );
      return preferences;
    },

    async changePassword(
      user: UserRow,
      currentPassword: string,
      newPassword: string,
      client: ClientInfo,
    ): Promise<string> {
      // The current password is a secret like any other: limited per account, so a stolen session
      // cannot be used to guess it.
      const accountKey = `password-change:user:${user.id}`;
      const outcome = await guess(
        limiter,
        [{ key: accountKey, rule: accountRule, refusal: 'account_locked' }],
        async () => {
          const fresh = await users.findById(user.id);
          return fresh && (await verifySecret(fresh.password_hash, currentPassword)) ? fresh : null;
        },
        { resetOnSuccess: [accountKey] },
      );
      if (!outcome.right) {
        if (outcome.state.locked) throw tooManyAttempts('account_locked', outcome.state.retryAfterMs);
        throw new AppError(400, 'current_password_incorrect', 'Current password is incorrect', {
          field: 'currentPassword',
        });
      }
      const hash = await hashSecret(newPassword);
      return db.transaction().execute(async (trx) => {
        const trxSessions = createSessionRepository(trx);
        await createUserRepository(trx).setPasswordHash(user.id, hash);
        await trxSessions.deleteAllForUser(user.id);
        // A reset link still in the mailbox would undo the change: it stops working too.
        await createPasswordResetRepository(trx).deleteAllForUser(user.id);
        await events.record(trx, accountEvent('auth.password_changed', user.id));
        return startPanelSession(trxSessions, user.id, client);
      });
    },

    /**
     * The account's live sessions (idle or too old ones are left out: they no longer sign anyone in).
     * Ids are the first 16 hex digits of the stored hash: enough to tell one from another, useless as
     * a cookie.
     */
    async listSessions(user: UserRow, currentToken: string): Promise<SessionView[]> {
      const at = now().getTime();
      const currentHash = hashToken(currentToken);
      const rows = await sessions.listForUser(user.id);
      return rows
        .filter(
          (row) =>
            at - row.last_seen_at.getTime() <= limits.sessionIdleMs &&
            at - row.created_at.getTime() <= limits.sessionMaxAgeMs,
        )
        .map((row) => ({
          id: sessionId(row.token_hash),
          browser: describeUserAgent(row.user_agent),
          userAgent: row.user_agent,
          ip: row.ip,
          signedInAt: row.created_at.toISOString(),
          lastActiveAt: row.last_seen_at.toISOString(),
          current: row.token_hash === currentHash,
        }));
    },

    /** Ends one of the user's own sessions; someone else's (or an unknown id) is 404. */
    async endSession(user: UserRow, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await createSessionRepository(trx).deleteForUserByHashPrefix(user.id, id)))
          throw notFound('Session not found');
        await events.record(trx, {
          type: 'auth.session_ended',
          actorId: user.id,
          subject: `user:${user.id}`,
          payload: { user_id: user.id, session: id },
        });
      });
    },

    /** Ends every session of the user except the one this request came with. */
    endOtherSessions(user: UserRow, currentToken: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const count = await createSessionRepository(trx).deleteOthersForUser(
          user.id,
          hashToken(currentToken),
        );
        await events.record(trx, {
          type: 'auth.sessions_ended',
          actorId: user.id,
          subject: `user:${user.id}`,
          payload: { user_id: user.id, count },
        });
        return count;
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** What the browser sees of a session: a prefix of its hash (decision 0014), never the token. */
export const sessionId = (tokenHash: string) => tokenHash.slice(0, 16);
