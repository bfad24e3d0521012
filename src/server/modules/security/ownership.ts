import { notFound } from '../../errors';

/** Who is asking, as far as ownership goes. */
export type Actor = { id: number; role: string };

/**
 * The panel's one ownership rule: an admin manages everything; a reseller or sub-reseller manages
 * what it owns (`owner_id` is its id). An unowned thing (`ownerId` null) is an admin's alone here;
 * activation, which may also take unowned devices, says so where it asks.
 */
export function canManage(actor: Actor, ownerId: number | null): boolean {
  return actor.role === 'admin' || (ownerId !== null && ownerId === actor.id);
}

/**
 * The row when the actor manages it; otherwise 404 with `message`, whether it is missing or someone
 * else's: the panel never tells another reseller's device from one that does not exist.
 */
export function requireManaged<Row extends { owner_id: number | null }>(
  actor: Actor,
  row: Row | undefined | null,
  message: string,
): Row {
  if (!row || !canManage(actor, row.owner_id)) throw notFound(message);
  return row;
}
