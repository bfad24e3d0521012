import type { ExpressionBuilder } from 'kysely';
import { type Db, executeReadOnly } from '../../db';
import type { Database, DeviceRow } from '../../db/schema';
import { type ContainsMatch, containsExpression, containsMatchFor } from '../../db/like';
import { compiledPerShape } from '../../db/prepared';
import type { WithTextTimestamps } from '../../db/timestamps';
import { EXPIRING_PLANS, EXPIRING_SOON_MS } from '../../../shared/plans';

export type DeviceFilter = {
  /** Only this reseller's devices; undefined for an admin's view of all. */
  ownerId?: number;
  status?: 'free' | 'year' | 'lifetime';
  payment?: 'paid' | 'unpaid' | 'free';
  search?: string;
  /** Subscriptions on an expiring plan ending in the next 7 days, not banned (EXPIRING_SOON_MS). */
  expiring?: '7d';
};

type DevicesEb = ExpressionBuilder<Database, 'devices'>;

/** What the panel's device list shows; all of them are in devices_owner_list_idx. */
export const PANEL_LIST_COLUMNS = [
  'id',
  'mac',
  'name',
  'phone',
  'app_name',
  'created_at',
  'is_paid',
  'paid_at',
  'payment_type',
  'is_banned',
  'expires_at',
  'owner_id',
] as const;
export type ListedDevice = Pick<DeviceRow, (typeof PANEL_LIST_COLUMNS)[number]>;

/**
 * A filter as its statements take it: the `ways` its SQL depends on (which clauses, how the search
 * matches) and the values that SQL takes, derived before building so that each shape is compiled once
 * (compiledPerShape) and every page after it only fills in values.
 */
type FilterWays = {
  payment?: DeviceFilter['payment'];
  search?: ContainsMatch['way'];
  /** The search also looks for MAC digits. */
  searchesMac?: true;
  expiring?: true;
  /** The page's and the count's statements also read the owner's list version (ListTotals). */
  listVersion?: true;
};
type FilterValues = {
  ownerId?: unknown;
  status?: unknown;
  /** The search's values, as containsMatchFor derives them. */
  pattern?: unknown;
  prefilter?: unknown;
  lowered?: unknown;
  macDigits?: unknown;
  expiresAfter?: unknown;
  expiresBefore?: unknown;
};

function filterStatement(db: Db, filter: DeviceFilter): { ways: FilterWays; values: FilterValues } {
  const ways: FilterWays = {};
  const values: FilterValues = { ownerId: filter.ownerId, status: filter.status };
  if (filter.payment) ways.payment = filter.payment;
  if (filter.search) {
    const match = containsMatchFor(db)(filter.search);
    ways.search = match.way;
    Object.assign(values, match.values);
    // A partial MAC matches typed with or without separators: compare the bare hex digits (no
    // wildcards can get through: only 0-9A-F are kept).
    if (/^[0-9a-f:\-.\s]+$/i.test(filter.search)) {
      const hex = filter.search.replace(/[^0-9a-f]/gi, '').toUpperCase();
      if (hex.length >= 2) {
        ways.searchesMac = true;
        values.macDigits = `%${hex}%`;
      }
    }
  }
  if (filter.expiring === '7d') {
    const now = Date.now();
    ways.expiring = true;
    values.expiresAfter = new Date(now);
    values.expiresBefore = new Date(now + EXPIRING_SOON_MS);
  }
  return { ways, values };
}

/** The devices a filter selects, built from its ways and values (stand-ins when compiledPerShape compiles). */
function buildFiltered(db: Db, ways: FilterWays, values: FilterValues) {
  const search = ways.search && ({ way: ways.search, values } as ContainsMatch);
  return db
    .selectFrom('devices')
    .$if(values.ownerId !== undefined, (qb) => qb.where('owner_id', '=', values.ownerId as number))
    .$if(values.status !== undefined, (qb) => qb.where('payment_type', '=', values.status as string))
    .$if(ways.payment === 'paid', (qb) => qb.where('is_paid', '=', true))
    .$if(ways.payment === 'unpaid', (qb) => qb.where('is_paid', '=', false))
    .$if(ways.payment === 'free', (qb) => qb.where('payment_type', '=', 'free'))
    .$if(search !== undefined, (qb) =>
      qb.where((eb) =>
        // What a row shows: the client's name and phone, the app name under the MAC, and the MAC.
        eb.or([
          containsExpression(eb.ref('name'), search as ContainsMatch),
          containsExpression(eb.ref('phone'), search as ContainsMatch),
          containsExpression(eb.ref('app_name'), search as ContainsMatch),
          ...(ways.searchesMac ? [eb('mac_hex', 'like', values.macDigits as string)] : []),
        ]),
      ),
    )
    .$if(ways.expiring === true, (qb) =>
      qb
        .where('payment_type', 'in', EXPIRING_PLANS)
        .where('is_banned', '=', false)
        .where('expires_at', '>', values.expiresAfter as Date)
        .where('expires_at', '<=', values.expiresBefore as Date),
    );
}

/** The devices a filter selects (the panel's list, the CSV export, the messages sent to a list). */
export function selectFilteredDevices(db: Db, filter: DeviceFilter) {
  const { ways, values } = filterStatement(db, filter);
  return buildFiltered(db, ways, values);
}

// The owner's list version (no row is 0), read by the page's and the count's own statements, so each
// comes with the version of the same snapshot.
const versionRow = (db: Db, ownerId: number) =>
  db
    .selectFrom('device_list_versions')
    .select('version')
    .where('device_list_versions.owner_id', '=', ownerId);
const listVersion = (db: Db, ownerId: number) => (eb: DevicesEb) =>
  eb.fn.coalesce(versionRow(db, ownerId), eb.lit(0)).as('list_version');

type PageValues = FilterValues & { limit?: unknown; offset?: unknown; beforeId?: unknown };

/** One page of a filter's devices, newest first: the list's (with an offset) and the API's (before an id). */
const pageStatement = compiledPerShape((db: Db, ways: FilterWays, values: PageValues) =>
  buildFiltered(db, ways, values)
    .$if(values.beforeId !== undefined, (qb) => qb.where('id', '<', values.beforeId as number))
    .select(PANEL_LIST_COLUMNS)
    .$if(ways.listVersion === true, (qb) => qb.select(listVersion(db, values.ownerId as number)))
    .orderBy('id', 'desc')
    .limit(values.limit as number)
    .$if(values.offset !== undefined, (qb) => qb.offset(values.offset as number)),
);

/** How many devices a filter selects. */
const countStatement = compiledPerShape((db: Db, ways: FilterWays, values: FilterValues) =>
  buildFiltered(db, ways, values)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$if(ways.listVersion === true, (qb) => qb.select(listVersion(db, values.ownerId as number))),
);

/** How many filters' totals a server keeps (a few bytes each; the oldest go first). */
const KEPT_TOTALS = 10_000;

/**
 * Each reseller list filter's total with the list's version it was counted at (migration 0021,
 * docs/decisions/0030). A total is used only while the version is still the one the page just read
 * in its own statement, so no write is ever hidden: each instance keeps its own, and the version in
 * the database is what they all compare with.
 */
export class ListTotals {
  private readonly totals = new Map<string, { version: number; total: number }>();

  constructor(private readonly capacity = KEPT_TOTALS) {}

  /** The key of a filter whose total can be kept: a reseller's, and not one that moves with the clock. */
  static keyOf(filter: DeviceFilter): string | undefined {
    if (filter.ownerId === undefined || filter.expiring !== undefined) return undefined;
    return JSON.stringify([filter.ownerId, filter.status, filter.payment, filter.search || undefined]);
  }

  get(key: string, version: number): number | undefined {
    const kept = this.totals.get(key);
    return kept?.version === version ? kept.total : undefined;
  }

  /** The kept total, whatever its version: a guess, which `get` with the current version confirms. */
  peek(key: string): number | undefined {
    return this.totals.get(key)?.total;
  }

  set(key: string, version: number, total: number): void {
    this.totals.delete(key);
    if (this.totals.size >= this.capacity) this.totals.delete(this.totals.keys().next().value as string);
    this.totals.set(key, { version, total });
  }
}

/** The owner's list version read alone (an empty page past the last has no row to carry it). */
const versionStatement = compiledPerShape((db: Db, _ways: object, values: { ownerId?: unknown }) =>
  versionRow(db, values.ownerId as number),
);

export function createDeviceManagementRepository(db: Db, totals?: ListTotals) {
  const versionOf = async (ownerId: number): Promise<number> =>
    (await executeReadOnly(db, versionStatement(db, {}, { ownerId })))[0]?.version ?? 0;

  return {
    /**
     * One page, newest first, and the total. For a reseller both come from devices_owner_list_idx
     * alone (migration 0003), which holds every filter column and every listed one.
     */
    async page(
      filter: DeviceFilter,
      page: number,
      perPage: number,
    ): Promise<{ rows: WithTextTimestamps<ListedDevice>[]; total: number }> {
      const skipped = (page - 1) * perPage;
      const totalKey = totals && ListTotals.keyOf(filter);
      const ownerId = filter.ownerId as number;
      const { ways, values } = filterStatement(db, filter);
      if (totalKey !== undefined) {
        ways.listVersion = true;
        // A page that the kept total puts past the last is empty if that total is still current:
        // one key's read instead of a scan of every match (the page statement skips them all).
        const guess = totals?.peek(totalKey);
        if (guess !== undefined && skipped >= guess) {
          const total = totals?.get(totalKey, await versionOf(ownerId));
          if (total !== undefined) return { rows: [], total };
        }
      }
      // Off the main thread on SQLite (executeReadOnly): these scans are the panel's heaviest reads.
      // The page only shows its dates, so it reads them as the ISO text it shows (not Dates).
      const rows: WithTextTimestamps<ListedDevice & { list_version?: number }>[] = await executeReadOnly(
        db,
        pageStatement(db, ways, { ...values, limit: perPage, offset: skipped }),
        { timestamps: 'text' },
      );
      // A page that is not full is the last one, so it tells the total without a count, which scans
      // every match again (a search for one device is most searches). A full page, or an empty one
      // past the first, cannot tell: count, unless this filter was counted at the version the page
      // just read. The page comes first because a full one usually stops early in the index, while
      // the count reads every match either way.
      const isLast = rows.length < perPage && (rows.length > 0 || page === 1);
      if (isLast) {
        const total = skipped + rows.length;
        // Kept too, at the version the page's own statement read: the pages past the last, which a
        // reseller's paging still asks for, then answer from it instead of counting every match.
        const version = rows[0]?.list_version;
        if (totalKey && version !== undefined) totals?.set(totalKey, Number(version), total);
        return { rows, total };
      }
      if (totalKey) {
        // An empty page past the last has no row to carry the version: read it alone (one key).
        const version = rows[0]?.list_version ?? (await versionOf(ownerId));
        const kept = totals?.get(totalKey, version);
        if (kept !== undefined) return { rows, total: kept };
      }
      const [count] = await executeReadOnly(db, countStatement(db, ways, values));
      const total = Number(count?.total ?? 0);
      // Kept with the version the count's own statement saw, so it is exact for that version.
      if (totalKey && count?.list_version !== undefined)
        totals?.set(totalKey, Number(count.list_version), total);
      return { rows, total };
    },

    /**
     * The reseller API's cursor pages: up to `limit` devices older than `beforeId` (all when
     * undefined), newest first. Same index as `page`, with no count and no offset to skip.
     */
    after(
      filter: DeviceFilter,
      beforeId: number | undefined,
      limit: number,
    ): Promise<WithTextTimestamps<ListedDevice>[]> {
      const { ways, values } = filterStatement(db, filter);
      return executeReadOnly(db, pageStatement(db, ways, { ...values, beforeId, limit }), {
        timestamps: 'text',
      });
    },

    findById(id: number): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setBanned(id: number, banned: boolean): Promise<void> {
      await db
        .updateTable('devices')
        .set({ is_banned: banned, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      // A banned device's page sessions end with it.
      if (banned) await db.deleteFrom('device_sessions').where('device_id', '=', id).execute();
    },

    updateContact(id: number, fields: { name?: string | null; phone?: string | null }): Promise<DeviceRow> {
      return db
        .updateTable('devices')
        .set({ ...fields, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number): Promise<void> {
      // Playlists and sessions go with it (ON DELETE CASCADE).
      await db.deleteFrom('devices').where('id', '=', id).execute();
    },
  };
}
