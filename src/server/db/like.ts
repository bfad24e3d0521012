import { type Expression, type SqlBool, sql } from 'kysely';

/** `%term%` with LIKE's wildcards taken literally (paired with ESCAPE '\'). */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * "column contains term", case-insensitive on both databases (PostgreSQL's LIKE is case-sensitive,
 * SQLite's is not), with the user's `%` and `_` matched literally.
 */
export function containsInsensitive(column: Expression<string | null>, term: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${containsPattern(term)} escape '\\'`;
}
