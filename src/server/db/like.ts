import { type Expression, type SqlBool, sql } from 'kysely';
import { type Db, isSqlite } from './index';

/** `%term%` with LIKE's wildcards taken literally (paired with ESCAPE '\'). */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

export type ContainsInsensitive = (column: Expression<string | null>, term: string) => Expression<SqlBool>;

/**
 * "column contains term", case-insensitive on both databases, with the user's `%` and `_` matched
 * literally. PostgreSQL's LIKE is case-sensitive, so it compares lower(column). SQLite's LIKE already
 * ignores ASCII case and its lower() knows no other letters, so lower() there would change nothing
 * but cost a function call per row (half the time of a reseller's device search).
 */
export function containsInsensitiveFor(db: Db): ContainsInsensitive {
  const sqlite = isSqlite(db);
  return (column, term) =>
    sqlite
      ? sql<SqlBool>`${column} like ${containsPattern(term)} escape '\\'`
      : sql<SqlBool>`lower(${column}) like ${containsPattern(term)} escape '\\'`;
}
