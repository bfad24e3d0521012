import { Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import { neutraliseCsvCell } from '../../../shared/csv';
import { sendCsvDownload } from '../../csv-download';
import type { Db } from '../../db';
import type { WithTextTimestamps } from '../../db/timestamps';
import {
  createDeviceManagementRepository,
  type DeviceFilter,
  type ListedDevice,
} from './device-management-repository';

/**
 * The columns of the devices CSV. The first four are bulk activation's, so an export edited in a
 * spreadsheet can be pasted back. No device keys: a file travels further than the panel.
 */
export const DEVICE_CSV_COLUMNS = [
  'mac',
  'plan',
  'client_name',
  'client_phone',
  'app_name',
  'paid',
  'paid_at',
  'expires_at',
  'banned',
  'created_at',
] as const;

/** Rows read per query: memory holds one page whatever the list's size. */
const PAGE_SIZE = 1000;

/** A device as a CSV row; its dates come as the ISO text the file shows (executeReadOnly's `text`). */
function toRecord(
  device: WithTextTimestamps<ListedDevice>,
): Record<(typeof DEVICE_CSV_COLUMNS)[number], string | null> {
  return {
    mac: device.mac,
    plan: device.payment_type,
    client_name: device.name,
    client_phone: device.phone,
    app_name: device.app_name,
    paid: String(device.is_paid),
    paid_at: device.paid_at,
    expires_at: device.expires_at,
    banned: String(device.is_banned),
    created_at: device.created_at,
  };
}

/** The device list as CSV (panel and reseller API), streamed page by page. */
export function createDeviceExport(db: Db, pageSize = PAGE_SIZE) {
  const repository = createDeviceManagementRepository(db);

  /** Keyset pages, newest first like the list: the next page starts below the last id read. */
  async function* devices(filter: DeviceFilter) {
    let before: number | undefined;
    for (;;) {
      const page = await repository.after(filter, before, pageSize);
      for (const device of page) yield toRecord(device);
      if (page.length < pageSize) return;
      before = page[page.length - 1]?.id;
    }
  }

  return {
    /**
     * A readable CSV of the filtered devices. It pulls the next page only when the client has taken
     * the last one (stream backpressure), so a million rows never sit in memory. `bom` helps
     * spreadsheets read UTF-8 (Arabic and French names) and is left out for scripts.
     */
    csv(filter: DeviceFilter, options: { bom?: boolean } = {}): Readable {
      const csv = stringify({
        header: true,
        columns: [...DEVICE_CSV_COLUMNS],
        bom: options.bom ?? false,
        cast: { string: neutraliseCsvCell },
      });
      // A failure mid-way (the database went away) ends the download cut short, never silently.
      return pipeline(Readable.from(devices(filter)), csv, () => {});
    },
  };
}
export type DeviceExport = ReturnType<typeof createDeviceExport>;

/** Answers a devices CSV as a download. */
export function sendDeviceCsv(reply: FastifyReply, csv: Readable) {
  return sendCsvDownload(reply, csv, 'devices');
}
