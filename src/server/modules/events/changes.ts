import type { Changes } from './domain-events';

/** The fields whose values differ between two versions of a row, as [before, after] (the audit log's `changes`). */
export function changedFields<Field extends string>(
  before: Record<Field, unknown>,
  after: Record<Field, unknown>,
  fields: readonly Field[],
): Changes {
  const changes: Changes = {};
  for (const field of fields)
    if (before[field] !== after[field]) changes[field] = [before[field], after[field]];
  return changes;
}
