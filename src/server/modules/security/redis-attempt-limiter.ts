import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { batchPerTurn } from '../../db/batch-per-turn';
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

/** A script and its SHA1, the name Redis's script cache knows it by. */
type Script = { text: string; sha: string };
const script = (text: string): Script => ({ text, sha: createHash('sha1').update(text).digest('hex') });
const SCRIPTS = { reserve: script(RESERVE), fail: script(FAIL), release: script(RELEASE) };

/** Redis's answer to EVALSHA when its script cache does not hold the script (a restart, SCRIPT FLUSH). */
function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}

/** At most this many requests' attempts in one script, so no script holds Redis for long. */
const REQUESTS_PER_SCRIPT = 64;

/** RESERVE's answer for one attempt: its count, or minus its lock's remaining milliseconds. */
const reservedFrom = (answer: number): Reserved =>
  answer >= 0 ? { locked: false, attempts: answer } : { locked: true, retryAfterMs: -answer };

const ruleArguments = ({ rule, shared }: Attempt) => [
  rule.maxFailures,
  rule.windowMs,
  rule.lockMs,
  shared ? 1 : 0,
];

/** Guessing limits in Redis (REDIS_URL): counts shared by every instance without writes to the database. */
export class RedisAttemptLimiter implements AttemptLimiter {
  /**
   * The reservations of one turn of the event loop in one script, and their releases in another
   * (decision 0027): under load the TV app's polls arrive dozens a turn, each reserving three keys and
   * giving them back, and each command cost the server a socket write of its own. One script runs
   * its attempts in order, alone on the Redis server, so each request's reservation is as atomic as
   * when it ran by itself; a key reserved twice in a turn is counted twice, as it was.
   */
  private readonly reserveInTurn = batchPerTurn(
    async (requests: Attempt[][]) => {
      const attempts = requests.flat();
      const answers = (await this.run(
        SCRIPTS.reserve,
        this.pairs(attempts),
        attempts.flatMap(ruleArguments),
      )) as number[];
      let next = 0;
      return requests.map((request) => request.map(() => reservedFrom(answers[next++]!)));
    },
    { maxBatch: REQUESTS_PER_SCRIPT },
  );
  private readonly releaseInTurn = batchPerTurn(
    async (requests: string[][]) => {
      await this.run(
        SCRIPTS.release,
        requests.flat().map((key) => this.countKey(key)),
      );
      return requests.map(() => undefined);
    },
    { maxBatch: REQUESTS_PER_SCRIPT },
  );

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

  /**
   * Runs a script by its SHA1 (EVALSHA) rather than its text (EVAL, about 700 bytes for the
   * reservation): fewer bytes on every poll. The time was the writes themselves, saved by the turn's
   * batches above; this alone measured within the bench machine's drift (decision 0027). A Redis that
   * does not know the script gets it once with EVAL, which also puts it in its cache.
   */
  private async run(which: Script, keys: string[], args: (string | number)[] = []): Promise<unknown> {
    try {
      return await this.redis.evalsha(which.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return this.redis.eval(which.text, keys.length, ...keys, ...args);
    }
  }

  /** Redis drops ended counts and locks itself (each key is written with its expiry). */
  async forgetEnded(): Promise<number> {
    return 0;
  }

  async reserve(attempts: Attempt[]): Promise<Reserved[]> {
    if (attempts.length === 0) return [];
    return this.reserveInTurn(attempts);
  }

  async fail(attempts: Attempt[]): Promise<AttemptState> {
    if (attempts.length === 0) return { locked: false };
    const args = attempts.flatMap(ruleArguments);
    const lockedFor = (await this.run(SCRIPTS.fail, this.pairs(attempts), args)) as number;
    return lockedFor > 0 ? { locked: true, retryAfterMs: lockedFor } : { locked: false };
  }

  async release(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.releaseInTurn(keys);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.countKey(key));
  }
}
