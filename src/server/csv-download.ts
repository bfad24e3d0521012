import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A streamed CSV as a download named `<base>-<date>.csv`, dated so successive exports do not overwrite each other. */
export function sendCsvDownload(reply: FastifyReply, csv: Readable, base: string, now = new Date()) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(base, now)}"`)
    .send(csv);
}

export function csvFileName(base: string, now = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}
