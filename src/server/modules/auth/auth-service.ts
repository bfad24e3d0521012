import type { GuessingLimits } from '../../config';
import { AppError, forbidden, tooManyAttempts } from '../../errors';
import type { UserRow } from '../../db/schema';
import type { AttemptLimiter } from '../security/attempt-limiter';
import { hashSecret, verifyAgainstDecoy, verifySecret } from '../security/passwords';
import { hashToken, newSessionToken } from '../security/tokens';
import type { UserRepository } from '../users/user-repository';
import type { SessionRepository } from './session-repository';

/** Writing last_seen_at on every request would turn each read into a write; a minute's precision is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

export type ClientInfo = { ip: string; userAgent: string | null };

export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'invalid_credentials', 'Invalid credentials');
  }
}

export function createAuthService(deps: {
  users: UserRepository;
  sessions: SessionRepository;
  limiter: AttemptLimiter;
  limits: GuessingLimits;
  now?: () => Date;
}) {
  const { users, sessions, limiter, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const accountRule = {
    maxFailures: limits.loginFailuresPerAccount,
    windowMs: limits.loginLockMs,
    lockMs: limits.loginLockMs,
  };
  const ipRule = {
    maxFailures: limits.loginFailuresPerIp,
    windowMs: limits.loginIpWindowMs,
    lockMs: limits.loginIpWindowMs,
  };

  async function startSession(userId: number, client: ClientInfo): Promise<string> {
    const token = newSessionToken();
    await sessions.insert({
      tokenHash: hashToken(token),
      userId,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return token;
  }

  return {
    /** Checks the guessing limits first, so a locked account is refused even with the right password. */
    async login(
      email: string,
      password: string,
      client: ClientInfo,
    ): Promise<{ user: UserRow; token: string }> {
      const ipKey = `login:ip:${client.ip}`;
      const accountKey = `login:email:${email}`;
      const [ipState, accountState] = await limiter.checkEach([ipKey, accountKey]);
      if (ipState?.locked) throw tooManyAttempts('too_many_attempts', ipState.retryAfterMs);
      if (accountState?.locked) throw tooManyAttempts('account_locked', accountState.retryAfterMs);

      const user = await users.findByEmail(email);
      const valid = user
        ? await verifySecret(user.password_hash, password)
        : await verifyAgainstDecoy(password);
      if (!user || !valid) {
        await limiter.registerFailure(ipKey, ipRule);
        await limiter.registerFailure(accountKey, accountRule);
        throw new InvalidCredentialsError();
      }
      await limiter.reset(accountKey);
      if (user.is_banned) throw forbidden('This account is suspended');
      return { user, token: await startSession(user.id, client) };
    },

    /** The signed-in user for a cookie's token, or null (unknown, idle too long, or banned). */
    async authenticate(token: string): Promise<UserRow | null> {
      const tokenHash = hashToken(token);
      const row = await sessions.findWithUser(tokenHash);
      if (!row) return null;
      const at = now();
      const idleMs = at.getTime() - row.last_seen_at.getTime();
      if (idleMs > limits.sessionIdleMs) {
        await sessions.delete(tokenHash);
        return null;
      }
      if (row.is_banned) {
        await sessions.deleteAllForUser(row.id);
        return null;
      }
      if (idleMs > TOUCH_INTERVAL_MS) await sessions.touch(tokenHash, at);
      const { last_seen_at: _seen, token_hash: _hash, ...user } = row;
      return user;
    },

    async logout(token: string): Promise<void> {
      await sessions.delete(hashToken(token));
    },

    /**
     * Ends every session of the user (a thief's too) and returns a fresh one for this browser,
     * so the person who changed the password stays signed in.
     */
    async changePassword(
      user: UserRow,
      currentPassword: string,
      newPassword: string,
      client: ClientInfo,
    ): Promise<string> {
      const fresh = await users.findById(user.id);
      if (!fresh || !(await verifySecret(fresh.password_hash, currentPassword))) {
        throw new AppError(400, 'current_password_incorrect', 'Current password is incorrect', {
          field: 'currentPassword',
        });
      }
      await users.setPasswordHash(user.id, await hashSecret(newPassword));
      await sessions.deleteAllForUser(user.id);
      return startSession(user.id, client);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
