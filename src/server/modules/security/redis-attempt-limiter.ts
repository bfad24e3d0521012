import type { Redis } from 'ioredis';
import type { AttemptLimiter, AttemptRule, AttemptState } from './attempt-limiter';

/**
 * One round trip per failure: count within the window, and on reaching the limit replace the count
 * with a lock that expires by itself. KEYS[1] = counter, KEYS[2] = lock; ARGV = max, windowMs, lockMs.
 */
const REGISTER_FAILURE = `
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if failures >= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return tonumber(ARGV[3])
end
return 0
`;

/** Guessing limits in Redis (REDIS_URL): counts shared by every instance without writes to the database. */
export class RedisAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'attempts:',
  ) {}

  async check(key: string): Promise<AttemptState> {
    return (await this.checkEach([key]))[0]!;
  }

  async checkEach(keys: string[]): Promise<AttemptState[]> {
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.pttl(`${this.prefix}lock:${key}`);
    const replies = (await pipeline.exec()) ?? [];
    return replies.map(([error, ttl]) => {
      if (error) throw error;
      return typeof ttl === 'number' && ttl > 0 ? { locked: true, retryAfterMs: ttl } : { locked: false };
    });
  }

  async registerFailure(key: string, rule: AttemptRule): Promise<AttemptState> {
    const lockedFor = (await this.redis.eval(
      REGISTER_FAILURE,
      2,
      `${this.prefix}count:${key}`,
      `${this.prefix}lock:${key}`,
      rule.maxFailures,
      rule.windowMs,
      rule.lockMs,
    )) as number;
    return lockedFor > 0 ? { locked: true, retryAfterMs: lockedFor } : { locked: false };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}count:${key}`, `${this.prefix}lock:${key}`);
  }
}
