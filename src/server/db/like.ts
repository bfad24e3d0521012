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
 * ignores ASCII case, so an ASCII term needs nothing more (lower() there would cost a function call
 * per row, half the time of a reseller's device search). But SQLite folds no other letter: a term
 * with one ("Éric", "ÉRIC") goes through contains_folded (openSqlite), which lower-cases as
 * PostgreSQL does; slower per row, and only for such terms.
 */
export function containsInsensitiveFor(db: Db): ContainsInsensitive {
  const sqlite = isSqlite(db);
  return (column, term) => {
    if (sqlite && !isPrintableAscii(term))
      return sql<SqlBool>`contains_folded(${column}, ${term.toLowerCase()})`;
    return sqlite || isCaseless(term)
      ? sql<SqlBool>`${column} like ${containsPattern(term)} escape '\\'`
      : sql<SqlBool>`lower(${column}) like ${containsPattern(term)} escape '\\'`;
  };
}

function isPrintableAscii(term: string): boolean {
  return /^[\x20-\x7e]*$/.test(term);
}

/**
 * Printable ASCII without a letter: digits, spaces and punctuation, what a phone number or a MAC's
 * digits are. No character lower-cases to one of these but itself, so a column contains such a term
 * exactly when its lower-cased copy does, and PostgreSQL can skip lower(), most of a search's cost
 * there (it converts every row's text to wide characters and back). A letter keeps lower(): even "k"
 * is the lower case of the Kelvin sign.
 */
export function isCaseless(term: string): boolean {
  return /^[\x20-\x40\x5b-\x60\x7b-\x7e]*$/.test(term);
}
