import pg from 'pg';

/**
 * Timestamps as the API writes them: `toISOString()`'s text. A list that only shows its rows' dates
 * can take them as this text from the database (executeReadOnly's `timestamps: 'text'`) instead of
 * Dates it formats again at once: a device list's page has up to 75.
 */
export type IsoText = string;

/** A row's Date columns as ISO text (null stays null). */
export type WithTextTimestamps<Row> = {
  [K in keyof Row]: Row[K] extends Date ? IsoText : Row[K] extends Date | null ? IsoText | null : Row[K];
};

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, written in JavaScript: V8's own formats through its C `printf`, 0.6 µs a call
 * here against 0.25, and a page of the device list formats up to 75 dates (decision 0026). Years
 * outside 0000-9999, whose ISO form is signed and six digits long, are left to V8.
 */
export function isoText(date: Date): IsoText {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  const ms = date.getUTCMilliseconds();
  const millis = ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : `${ms}`;
  return `${String(year).padStart(4, '0')}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}T${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}.${millis}Z`;
}

/** Whether `text` has toISOString's shape for a year 0000-9999: `YYYY-MM-DDTHH:MM:SS.mmmZ`. */
function isIsoShaped(text: string): boolean {
  return (
    text.length === 24 &&
    text.charCodeAt(4) === 45 && // -
    text.charCodeAt(10) === 84 && // T
    text.charCodeAt(19) === 46 && // .
    text.charCodeAt(23) === 90 // Z
  );
}

/**
 * A timestamp SQLite holds, as ISO text. The app writes them with toISOString (db/sqlite.ts), so this
 * is the stored text itself; anything else (a row written by hand) is read as a Date and written again,
 * as the Date path would show it.
 */
export function isoTextOfSqlite(stored: string): IsoText {
  return isIsoShaped(stored) ? stored : isoText(new Date(stored));
}

const parsePostgresTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (
  text: string,
) => Date;

/**
 * A `timestamptz` as PostgreSQL sends it, as ISO text, without a Date in between. In a UTC session
 * it is `YYYY-MM-DD HH:MM:SS[.f to ffffff]+00`; its fraction is cut to milliseconds, as a Date cuts
 * it. Any other form (another session time zone, a year past 9999, BC) goes through node-postgres's own
 * parser and isoText, as before.
 */
export function isoTextOfPostgres(sent: string): IsoText {
  const length = sent.length;
  if (
    length >= 22 &&
    length <= 29 &&
    sent.charCodeAt(4) === 45 && // -
    sent.charCodeAt(10) === 32 && // space
    sent.endsWith('+00')
  ) {
    if (length === 22) return `${sent.slice(0, 10)}T${sent.slice(11, 19)}.000Z`;
    if (sent.charCodeAt(19) === 46) {
      const fraction = sent.slice(20, length - 3);
      const millis = fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
      return `${sent.slice(0, 10)}T${sent.slice(11, 19)}.${millis}Z`;
    }
  }
  return isoText(parsePostgresTimestamp(sent));
}

/**
 * node-postgres's parsers, with `timestamptz` read as ISO text: for a query's `types`, so only the
 * statements that ask for text get it.
 */
export const postgresTextTimestamps: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ && format !== 'binary'
      ? isoTextOfPostgres
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
