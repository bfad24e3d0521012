import type { Redis } from 'ioredis';
import type { Attempt, AttemptLimiter, AttemptState, Reserved } from './attempt-limiter';

/**
 * A script runs alone on the Redis server, so each is one atomic step shared by every instance.
 * Keys come in pairs per attempt: KEYS[2i-1] = count, KEYS[2i] = lock.
 *
 * RESERVE, ARGV per attempt: max, windowMs, lockMs, shared (1 or 0). Answers per attempt the count
 * (a shared key: 0, it is not counted), or minus the lock's remaining milliseconds; an attempt over the
 * limit replaces the count with the lock.
 */
const RESERVE = `
local answers = {}
for i = 1, #KEYS / 2 do
  local count, lock = KEYS[2 * i - 1], KEYS[2 * i]
  local max, windowMs, lockMs = tonumber(ARGV[4 * i - 3]), ARGV[4 * i - 2], ARGV[4 * i - 1]
  local remaining = redis.call('PTTL', lock)
  if remaining > 0 then
    answers[i] = -remaining
  elseif ARGV[4 * i] == '1' then
    answers[i] = 0
  else
    local attempts = redis.call('INCR', count)
    if attempts == 1 then redis.call('PEXPIRE', count, windowMs) end
    if attempts > max then
      redis.call('SET', lock, '1', 'PX', lockMs)
      redis.call('DEL', count)
      answers[i] = -tonumber(lockMs)
    else
      answers[i] = attempts
    end
  end
end
return answers
`;

/**
 * FAIL, ARGV per attempt: max, windowMs, lockMs, shared. A shared key counts its failure now; a count at
 * the limit becomes a lock. Answers the longest new lock.
 */
const FAIL = `
local locked = 0
for i = 1, #KEYS / 2 do
  local count, lock = KEYS[2 * i - 1], KEYS[2 * i]
  local max, windowMs, lockMs = tonumber(ARGV[4 * i - 3]), ARGV[4 * i - 2], tonumber(ARGV[4 * i - 1])
  local free = redis.call('EXISTS', lock) == 0
  local attempts = tonumber(redis.call('GET', count) or '0')
  if free and ARGV[4 * i] == '1' then
    attempts = redis.call('INCR', count)
    if attempts == 1 then redis.call('PEXPIRE', count, windowMs) end
  end
  if attempts >= max and free then
    redis.call('SET', lock, '1', 'PX', lockMs)
    redis.call('DEL', count)
    if lockMs > locked then locked = lockMs end
  end
end
return locked
`;

/** RELEASE: gives one reservation back on each count that still has one (its expiry stays). */
const RELEASE = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`;

const ruleArguments = ({ rule, shared }: Attempt) => [
  rule.maxFailures,
  rule.windowMs,
  rule.lockMs,
  shared ? 1 : 0,
];

/** Guessing limits in Redis (REDIS_URL): counts shared by every instance without writes to the database. */
export class RedisAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'attempts:',
  ) {}

  private countKey(key: string): string {
    return `${this.prefix}count:${key}`;
  }

  private lockKey(key: string): string {
    return `${this.prefix}lock:${key}`;
  }

  private pairs(attempts: Attempt[]): string[] {
    return attempts.flatMap(({ key }) => [this.countKey(key), this.lockKey(key)]);
  }

  /** Redis drops ended counts and locks itself (each key is written with its expiry). */
  async forgetEnded(): Promise<number> {
    return 0;
  }

  async reserve(attempts: Attempt[]): Promise<Reserved[]> {
    if (attempts.length === 0) return [];
    const args = attempts.flatMap(ruleArguments);
    const answers = (await this.redis.eval(
      RESERVE,
      attempts.length * 2,
      ...this.pairs(attempts),
      ...args,
    )) as number[];
    return answers.map((answer) =>
      answer >= 0 ? { locked: false, attempts: answer } : { locked: true, retryAfterMs: -answer },
    );
  }

  async fail(attempts: Attempt[]): Promise<AttemptState> {
    if (attempts.length === 0) return { locked: false };
    const args = attempts.flatMap(ruleArguments);
    const lockedFor = (await this.redis.eval(
      FAIL,
      attempts.length * 2,
      ...this.pairs(attempts),
      ...args,
    )) as number;
    return lockedFor > 0 ? { locked: true, retryAfterMs: lockedFor } : { locked: false };
  }

  async release(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.redis.eval(RELEASE, keys.length, ...keys.map((key) => this.countKey(key)));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.countKey(key));
  }
}
