import type { SqliteDirect } from '../../db/sqlite';

/** What the cache keeps per MAC: the document lookup's row, with its body. */
export type CachedDocument = {
  id: number;
  device_key: string;
  is_banned: boolean;
  version: number;
  body: string;
};

const CHANGES_AFTER = 'SELECT seq, mac FROM device_document_changes WHERE seq > ? ORDER BY seq LIMIT ?';
const LAST_CHANGE = 'SELECT coalesce(max(seq), 0) AS seq FROM device_document_changes';
const FORGET_UP_TO = 'DELETE FROM device_document_changes WHERE seq <= ?';

/** More changes than this at once (a bulk update): everything is dropped rather than read one by one. */
const BATCH = 1000;
/** Read changes are deleted once this many have piled up, so the log stays a few pages long. */
const TRIM_AFTER = 1000;

/**
 * The TV app's answers of recently polled devices, kept in memory on SQLite (decision 0008). A
 * re-poll, most often answered 304, then costs no B-tree descent into a table larger than memory
 * caches well; only a small log is read. Correct whoever writes: triggers note the MAC of every
 * answer that changed (migration 0021) in the writer's transaction, and `sync`, run before the cache
 * is read, drops those MACs. It runs only when no transaction holds the connection (SqliteDirect), so
 * it sees exactly what is committed. `put` ignores an answer read before a `sync` that dropped
 * something, since that answer may be one of them. Bounded by `maxBytes`, least recently used first.
 */
export class DeviceDocumentCache {
  private readonly entries = new Map<string, CachedDocument>();
  private bytes = 0;
  /** The last change applied; null until the first sync, which starts from the end of the log. */
  private lastSeq: number | null = null;
  private trimmedUpTo = 0;
  /** Raised whenever entries were dropped for changes: a put from before then is refused. */
  private generation = 0;

  constructor(
    private readonly run: SqliteDirect,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /**
   * Applies the changes committed since the last call. Answers the generation to give `put`, or null
   * when the log cannot be read now (a transaction holds the connection): then the cache is not used.
   */
  sync(): number | null {
    if (this.lastSeq === null) {
      const last = this.run(LAST_CHANGE, []);
      if (last === null) return null;
      this.lastSeq = Number(last[0]?.seq ?? 0);
      return this.generation;
    }
    const changes = this.run(CHANGES_AFTER, [this.lastSeq, BATCH + 1]) as
      { seq: number; mac: string }[] | null;
    if (changes === null) return null;
    if (changes.length === 0) return this.generation;
    // A gap means another reader deleted changes this one had not seen yet: start again.
    if (changes.length > BATCH || changes[0]!.seq !== this.lastSeq + 1) {
      this.clear();
      const last = this.run(LAST_CHANGE, []);
      if (last === null) return null;
      this.lastSeq = Number(last[0]?.seq ?? 0);
    } else {
      for (const change of changes) this.drop(change.mac);
      this.lastSeq = changes[changes.length - 1]!.seq;
    }
    this.generation += 1;
    if (this.lastSeq - this.trimmedUpTo >= TRIM_AFTER && this.run(FORGET_UP_TO, [this.lastSeq]) !== null) {
      this.trimmedUpTo = this.lastSeq;
    }
    return this.generation;
  }

  get(mac: string): CachedDocument | undefined {
    const entry = this.entries.get(mac);
    if (entry) {
      // Most recently used last: the Map's order is the eviction order.
      this.entries.delete(mac);
      this.entries.set(mac, entry);
    }
    return entry;
  }

  /** Keeps an answer read after the `sync` that answered `generation`, unless something changed since. */
  put(mac: string, document: CachedDocument, generation: number): void {
    if (generation !== this.generation) return;
    this.drop(mac);
    this.entries.set(mac, document);
    this.bytes += sizeOf(mac, document);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(mac: string): void {
    const entry = this.entries.get(mac);
    if (!entry) return;
    this.entries.delete(mac);
    this.bytes -= sizeOf(mac, entry);
  }

  private clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** Roughly what an entry holds: its strings (two bytes a character at worst) and the objects around them. */
function sizeOf(mac: string, document: CachedDocument): number {
  return 2 * (mac.length + document.device_key.length + document.body.length) + 200;
}
