import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AuditEntryView, AuditQuery } from '../../../shared/api/audit';
import { neutraliseCsvCell } from '../../../shared/csv';
import type { Db } from '../../db';
import type { DeviceRow, UserRow } from '../../db/schema';
import { requireManaged } from '../security/ownership';
import {
  type AuditEntryRow,
  type AuditFilter,
  type AuditScope,
  createAuditRepository,
} from './audit-repository';

export const AUDIT_CSV_COLUMNS = [
  'at',
  'actor',
  'role',
  'api_key',
  'ip',
  'action',
  'target',
  'target_label',
  'changes',
  'details',
] as const;

/** Rows per query of the CSV: memory holds one page whatever the log's size. */
const CSV_PAGE = 1000;

export function toAuditView(row: AuditEntryRow): AuditEntryView {
  const { changes, ...details } = JSON.parse(row.details) as Record<string, unknown>;
  return {
    id: row.id,
    at: row.created_at.toISOString(),
    actor: {
      id: row.actor_id,
      label: row.actor_label,
      role: row.actor_role as AuditEntryView['actor']['role'],
      api_key: row.api_key_name,
      ip: row.ip,
    },
    action: row.action,
    target: row.target,
    target_label: row.target_label,
    changes: (changes ?? {}) as AuditEntryView['changes'],
    details,
  };
}

function toCsvRecord(entry: AuditEntryView): Record<(typeof AUDIT_CSV_COLUMNS)[number], string | null> {
  return {
    at: entry.at,
    actor: entry.actor.label,
    role: entry.actor.role,
    api_key: entry.actor.api_key,
    ip: entry.actor.ip,
    action: entry.action,
    target: entry.target,
    target_label: entry.target_label,
    changes: Object.entries(entry.changes)
      .map(([field, [before, after]]) => `${field}: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`)
      .join('; '),
    details: JSON.stringify(entry.details),
  };
}

/**
 * Reading the audit log (decision 0017): an admin reads everything, a reseller what it and the
 * accounts under it did; a device's history is open to whoever manages the device.
 */
export function createAuditService(deps: {
  db: Db;
  devices: { findById(id: number): Promise<DeviceRow | undefined> };
}) {
  const repository = createAuditRepository(deps.db);

  async function scopeFor(reader: UserRow, deviceId: number | undefined): Promise<AuditScope> {
    if (deviceId !== undefined) {
      requireManaged(reader, await deps.devices.findById(deviceId), 'Device not found');
      return { kind: 'device', deviceId };
    }
    return reader.role === 'admin' ? { kind: 'all' } : { kind: 'subtree', rootId: reader.id };
  }

  return {
    async page(
      reader: UserRow,
      query: AuditQuery,
    ): Promise<{ entries: AuditEntryView[]; nextCursor: number | null }> {
      const { device_id: deviceId, limit, ...filter } = query;
      const rows = await repository.page(await scopeFor(reader, deviceId), filter, limit + 1);
      const entries = rows.slice(0, limit).map(toAuditView);
      return { entries, nextCursor: rows.length > limit ? (entries[entries.length - 1]?.id ?? null) : null };
    },

    /** The filtered log as CSV, every page, streamed (see the devices export). */
    async csv(reader: UserRow, query: AuditQuery): Promise<Readable> {
      const { device_id: deviceId, limit: _limit, cursor: _cursor, ...filter } = query;
      const scope = await scopeFor(reader, deviceId);
      async function* records(first: AuditFilter) {
        let cursor: number | undefined;
        for (;;) {
          const page = await repository.page(scope, { ...first, cursor }, CSV_PAGE);
          for (const row of page) yield toCsvRecord(toAuditView(row));
          if (page.length < CSV_PAGE) return;
          cursor = page[page.length - 1]?.id;
        }
      }
      const csv = stringify({
        header: true,
        columns: [...AUDIT_CSV_COLUMNS],
        bom: true,
        cast: { string: neutraliseCsvCell },
      });
      return pipeline(Readable.from(records(filter)), csv, () => {});
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
