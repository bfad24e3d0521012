/**
 * Makes user input safe inside a LIKE pattern. PostgreSQL treats "\" as LIKE's escape character and
 * SQLite has none, so rather than two dialects the wildcard and escape characters are dropped: a search
 * containing them matches slightly more, never less, and never runs a user-chosen pattern.
 */
export function escapeLike(value: string): string {
  return value.replace(/[%_\\]/g, '');
}
