import { randomBytes } from 'node:crypto';
import {
  API_KEYS_PER_ACCOUNT,
  type ApiKeyScope,
  type ApiKeyView,
  type CreateApiKeyBody,
} from '../../../shared/api/api-key';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { hashToken } from '../security/tokens';
import type { GuessingLimits } from '../../config';
import type { AttemptLimiter } from '../security/attempt-limiter';
import type { Db } from '../../db';
import { changeAndRecord, type EventRecorder } from '../events/outbox';
import { type ApiKeyRepository, type ApiKeyRow, createApiKeyRepository } from './api-key-repository';

/** Recognisable in logs and by secret scanners; the rest is 256 random bits. */
const SECRET_PREFIX = 'sbk_';
/** How much of the secret the list shows: the marker and 8 random characters. */
const SHOWN_PREFIX_LENGTH = SECRET_PREFIX.length + 8;
/** Last use is written at most this often per key, so a busy script does not write on every call. */
const LAST_USED_PRECISION_MS = 60_000;

export interface ApiKeyCaller {
  key: ApiKeyRow;
  scopes: ApiKeyScope[];
  owner: UserRow;
}

/** A call counted against its key's rate: how many remain in the window, or how long to wait. */
export type RateCount = { limit: number; remaining: number; retryAfterSeconds?: number };

export function createApiKeyService(deps: {
  db: Db;
  events: EventRecorder;
  keys: ApiKeyRepository;
  limiter: AttemptLimiter;
  limits: Pick<GuessingLimits, 'apiCallsPerKey' | 'apiKeyWindowMs'>;
}) {
  const { db, events, keys, limiter, limits } = deps;
  // Every call takes a place and none is given back, so the count is the calls in the window; past
  // the limit the key waits out a window. The limiter's store makes it hold across instances.
  const rule = {
    maxFailures: limits.apiCallsPerKey,
    windowMs: limits.apiKeyWindowMs,
    lockMs: limits.apiKeyWindowMs,
  };
  return {
    async countCall(key: ApiKeyRow): Promise<RateCount> {
      const [reserved] = await limiter.reserve([{ key: `api:key:${key.id}`, rule }]);
      const limit = limits.apiCallsPerKey;
      if (!reserved || reserved.locked) {
        const wait = reserved?.locked ? reserved.retryAfterMs : limits.apiKeyWindowMs;
        return { limit, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
      }
      return { limit, remaining: Math.max(0, limit - reserved.attempts) };
    },

    async create(owner: UserRow, body: CreateApiKeyBody): Promise<ApiKeyView & { secret: string }> {
      const now = new Date();
      if ((await keys.countLive(owner.id, now)) >= API_KEYS_PER_ACCOUNT) {
        throw new AppError(
          409,
          'limit_reached',
          `An account can hold at most ${API_KEYS_PER_ACCOUNT} live keys`,
        );
      }
      const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
      const row = await changeAndRecord(
        db,
        events,
        (trx) =>
          createApiKeyRepository(trx).insert({
            user_id: owner.id,
            name: body.name,
            prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
            secret_hash: hashToken(secret),
            scopes: JSON.stringify(body.scopes),
            expires_at: body.expires_at ? new Date(body.expires_at) : null,
          }),
        (created) => ({
          type: 'api_key.created',
          actorId: owner.id,
          subject: `api_key:${created.id}`,
          payload: {
            key_id: created.id,
            target_name: created.name,
            prefix: created.prefix,
            scopes: body.scopes,
          },
        }),
      );
      return { ...toView(row), secret };
    },

    async list(owner: UserRow): Promise<ApiKeyView[]> {
      return (await keys.listForOwner(owner.id)).map(toView);
    },

    /** Someone else's key, or one already revoked, is not found (it does not exist for the caller). */
    async revoke(owner: UserRow, id: number): Promise<void> {
      const revoked = await changeAndRecord(
        db,
        events,
        (trx) => createApiKeyRepository(trx).revoke(owner.id, id),
        (done) =>
          done
            ? {
                type: 'api_key.revoked',
                actorId: owner.id,
                subject: `api_key:${id}`,
                payload: { key_id: id },
              }
            : null,
      );
      if (!revoked) throw notFound('API key not found');
    },

    /**
     * The caller behind a bearer secret, or null when the secret is unknown, revoked or expired, or
     * its owner is banned or gone: the owner is read on every call, so a ban stops the keys at once.
     */
    async authenticate(secret: string, ip: string): Promise<ApiKeyCaller | null> {
      if (!secret.startsWith(SECRET_PREFIX)) return null;
      const now = new Date();
      const found = await keys.findLiveWithOwner(hashToken(secret), now);
      if (!found || found.owner.is_banned) return null;
      const { key, owner } = found;
      const lastUsed = key.last_used_at?.getTime() ?? 0;
      if (now.getTime() - lastUsed >= LAST_USED_PRECISION_MS || key.last_used_ip !== ip) {
        await keys.markUsed(key.id, now, ip);
      }
      return { key, scopes: parseScopes(key.scopes), owner };
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;

function parseScopes(stored: string): ApiKeyScope[] {
  return JSON.parse(stored) as ApiKeyScope[];
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_ip: row.last_used_ip,
  };
}
