import { hashToken } from './tokens';

/** Writing last_seen_at on every request would turn each read into a write; a minute's precision is plenty. */
export const TOUCH_INTERVAL_MS = 60_000;

/** Where a kind of session (panel, device page) is kept, by the SHA-256 of its token. */
export interface SessionStore<Row extends { last_seen_at: Date }> {
  findByTokenHash(tokenHash: string): Promise<Row | undefined>;
  touch(tokenHash: string, at: Date): Promise<void>;
  delete(tokenHash: string): Promise<void>;
}

/**
 * The one idle-expiry rule of panel and device-page sessions: a session unused for longer than
 * `idleMs`, or that `refuse` turns down (too old, banned since), is deleted and the cookie is worth
 * nothing; otherwise its last use is recorded (at most once a minute) and its row answered.
 */
export async function resumeSession<Row extends { last_seen_at: Date }>(
  store: SessionStore<Row>,
  token: string,
  rules: { idleMs: number; at: Date; refuse?: (row: Row) => boolean },
): Promise<Row | null> {
  const tokenHash = hashToken(token);
  const row = await store.findByTokenHash(tokenHash);
  if (!row) return null;
  const idleMs = rules.at.getTime() - row.last_seen_at.getTime();
  if (idleMs > rules.idleMs || rules.refuse?.(row)) {
    await store.delete(tokenHash);
    return null;
  }
  if (idleMs > TOUCH_INTERVAL_MS) await store.touch(tokenHash, rules.at);
  return row;
}
