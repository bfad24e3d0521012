import { badRequest } from '../../errors';

/**
 * The reseller API's list cursors: the last row's id, base64url-encoded so clients treat it as opaque
 * (the encoding may change; the contract is "pass next_cursor back").
 */
export function encodeCursor(id: number | undefined): string | null {
  return id === undefined ? null : Buffer.from(`id:${id}`).toString('base64url');
}

/** The id a cursor stands for; 400 naming `cursor` for anything this server did not hand out. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const match = /^id:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest('This cursor is not valid', 'cursor');
  return id;
}
