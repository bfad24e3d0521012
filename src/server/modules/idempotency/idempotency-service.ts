import { createHash } from 'node:crypto';
import type { IdempotencyRepository } from './idempotency-repository';

/** How long an answer is replayed (docs/architecture.md §6.10). */
export const IDEMPOTENCY_LIFETIME_MS = 24 * 60 * 60_000;
/** An unanswered claim older than this belongs to a request that died with its process. */
const ABANDONED_AFTER_MS = 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

export type StoredAnswer = { status: number; type: string; body: string };
export type Claim =
  | { kind: 'first' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'other_request' }
  | { kind: 'in_progress' };

/** What makes two requests "the same": method, address and the validated body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

export function createIdempotencyService(keys: IdempotencyRepository) {
  let lastSweep = 0;
  return {
    /**
     * The first request with a key claims it; a retry with the same request gets the first answer
     * back, one with another request is refused, and one that arrives while the first still runs is
     * told so. Claims that outlived their lifetime, or whose request died unanswered, are taken over.
     */
    async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
      const now = new Date();
      if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now.getTime();
        await keys.deleteOlderThan(new Date(now.getTime() - IDEMPOTENCY_LIFETIME_MS));
      }
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (await keys.claim(scope, key, fingerprint, now)) return { kind: 'first' };
        const row = await keys.find(scope, key);
        if (!row) continue; // released between our insert and read: try once more
        const age = now.getTime() - row.created_at.getTime();
        const answered = row.response_status !== null;
        const expired = answered ? age > IDEMPOTENCY_LIFETIME_MS : age > ABANDONED_AFTER_MS;
        if (expired) {
          if (await keys.takeOver(row, fingerprint, now)) return { kind: 'first' };
          continue;
        }
        if (row.request_hash !== fingerprint) return { kind: 'other_request' };
        if (!answered) return { kind: 'in_progress' };
        return {
          kind: 'replay',
          answer: {
            status: row.response_status!,
            type: row.response_type ?? 'application/json',
            body: row.response_body ?? '',
          },
        };
      }
      return { kind: 'in_progress' };
    },

    /** Keeps the answer to replay. */
    complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
      return keys.saveAnswer(scope, key, answer);
    },

    /** Forgets the claim (the request failed on our side), so a retry runs it again. */
    release(scope: string, key: string): Promise<void> {
      return keys.release(scope, key);
    },
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
