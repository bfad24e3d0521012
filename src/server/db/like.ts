import { type Expression, type SqlBool, sql } from 'kysely';
import { type Db, isSqlite } from './index';

/** `text` with LIKE's wildcards taken literally (paired with ESCAPE '\'). */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** `%term%`, lower-cased, with LIKE's wildcards taken literally. */
function containsPattern(term: string): string {
  return `%${literal(term.toLowerCase())}%`;
}

/**
 * A LIKE pattern that every text whose lower-cased copy contains `lowered` matches too, on SQLite
 * (ASCII case ignored): the term's pieces of printable ASCII, in order, anything between them. No
 * character lower-cases to printable ASCII but its own two cases, except "İ" (to "i" and a combining
 * dot) and the Kelvin sign (to "k"), so "i" and "k" split the pieces as a letter beyond ASCII does.
 * Null when no piece is left (an Arabic term).
 */
function foldedPrefilter(lowered: string): string | null {
  const pieces = lowered.split(/[^\x20-\x7e]|[ik]/).filter((piece) => piece !== '');
  return pieces.length === 0 ? null : `%${pieces.map(literal).join('%')}%`;
}

export type ContainsInsensitive = (column: Expression<string | null>, term: string) => Expression<SqlBool>;

/**
 * How a term is matched, with the values its SQL takes: what `containsInsensitive` builds from, kept
 * apart so that a statement can be compiled once for each way and given new values (the device list:
 * compiledPerShape). The values are whatever the statement is built with (placeholders, when compiled).
 */
export type ContainsMatch =
  | { way: 'like' | 'lower-like'; values: { pattern: unknown } }
  | { way: 'folded'; values: { lowered: unknown } }
  | { way: 'prefiltered-folded'; values: { prefilter: unknown; lowered: unknown } };

/** The way and the values "contains `term`, case-insensitive" takes on this database (see below). */
export function containsMatchFor(db: Db): (term: string) => ContainsMatch {
  const sqlite = isSqlite(db);
  return (term) => {
    if (sqlite && !isPrintableAscii(term)) {
      const lowered = term.toLowerCase();
      const prefilter = foldedPrefilter(lowered);
      return prefilter === null
        ? { way: 'folded', values: { lowered } }
        : { way: 'prefiltered-folded', values: { prefilter, lowered } };
    }
    return {
      way: sqlite || isCaseless(term) ? 'like' : 'lower-like',
      values: { pattern: containsPattern(term) },
    };
  };
}

/** "column contains" the match's term, as containsMatchFor derived it. */
export function containsExpression(
  column: Expression<string | null>,
  match: ContainsMatch,
): Expression<SqlBool> {
  switch (match.way) {
    case 'folded':
      return sql<SqlBool>`contains_folded(${column}, ${match.values.lowered})`;
    case 'prefiltered-folded':
      return sql<SqlBool>`(${column} like ${match.values.prefilter} escape '\\' and contains_folded(${column}, ${match.values.lowered}))`;
    case 'like':
      return sql<SqlBool>`${column} like ${match.values.pattern} escape '\\'`;
    case 'lower-like':
      return sql<SqlBool>`lower(${column}) like ${match.values.pattern} escape '\\'`;
  }
}

/**
 * "column contains term", case-insensitive on both databases, with the user's `%` and `_` matched
 * literally. PostgreSQL's LIKE is case-sensitive, so it compares lower(column). SQLite's LIKE already
 * ignores ASCII case, so an ASCII term needs nothing more (lower() there would cost a function call
 * per row, half the time of a reseller's device search). But SQLite folds no other letter: a term
 * with one ("Éric", "ÉRIC") goes through contains_folded (openSqlite), which lower-cases as
 * PostgreSQL does, in JavaScript, four times slower per row: a LIKE on the term's ASCII pieces runs
 * first and leaves it only the rows that may match ("Élodie" over an admin's 1,000,000 devices:
 * `npx tsx bench/admin-list.ts sqlite`).
 */
export function containsInsensitiveFor(db: Db): ContainsInsensitive {
  const matchFor = containsMatchFor(db);
  return (column, term) => containsExpression(column, matchFor(term));
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
