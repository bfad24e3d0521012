import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp, testDatabaseKind } from '../test/test-app';
import { containsInsensitiveFor, isCaseless } from './like';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('containsInsensitive', () => {
  it('calls a term without letters caseless', () => {
    for (const term of ['+33 1', '02:00', '00-1', '100%_\\', ' ']) expect(isCaseless(term)).toBe(true);
    for (const term of ['k', 'Living', '0a', 'é', 'ب', '１']) expect(isCaseless(term)).toBe(false);
  });

  it('matches ignoring case, with or without letters, and takes % and _ literally', async () => {
    const { db } = t.database;
    const containsInsensitive = containsInsensitiveFor(db);
    const labels = [
      'Salon TV +33 1 23',
      '100% sure_',
      'other',
      'Éric Lefèvre',
      'غرفة المعيشة',
      '\u212Aelvin Café',
    ];
    const matches = async (term: string) => {
      const values = sql.join(labels.map((label) => sql`(${label})`));
      const { rows } = await sql<{ label: string }>`
        with t(label) as (values ${values}) select label from t
        where ${containsInsensitive(sql.ref('label'), term)} order by label`.execute(db);
      return rows.map((row) => row.label);
    };
    expect(await matches('salon tv')).toEqual(['Salon TV +33 1 23']);
    expect(await matches('+33 1')).toEqual(['Salon TV +33 1 23']);
    expect(await matches('0%')).toEqual(['100% sure_']);
    expect(await matches('e_')).toEqual(['100% sure_']);
    expect(await matches('%')).toEqual(['100% sure_']);
    expect(await matches('OTHER')).toEqual(['other']);
    // Letters beyond ASCII fold too (SQLite's LIKE alone would not), and stay literal.
    expect(await matches('éric')).toEqual(['Éric Lefèvre']);
    expect(await matches('LEFÈVRE')).toEqual(['Éric Lefèvre']);
    expect(await matches('ric lef')).toEqual(['Éric Lefèvre']);
    expect(await matches('é%')).toEqual([]);
    expect(await matches('المعيشة')).toEqual(['غرفة المعيشة']);
    // On SQLite such a term's ASCII pieces are matched first by a LIKE, which must not lose a row
    // whose letter lower-cases into ASCII: the Kelvin sign's lower case is "k".
    expect(await matches('KELVIN CAFÉ')).toEqual(['\u212Aelvin Café']);
    expect(await matches('café')).toEqual(['\u212Aelvin Café']);
  });

  // Why a caseless term may skip lower(): no character but itself lower-cases into the caseless set,
  // checked against the database server's own lower() over every code point.
  it.skipIf(testDatabaseKind !== 'postgres')(
    "PostgreSQL's lower() maps no other character to a digit, a space or ASCII punctuation",
    async () => {
      const { rows } = await sql<{ code: number }>`
        select i as code from generate_series(1, 1114111) i
        where (i < 55296 or i > 57343) and lower(chr(i)) <> chr(i)
          and lower(chr(i)) ~ '^[\\x20-\\x40\\x5b-\\x60\\x7b-\\x7e]$'`.execute(t.database.db);
      expect(rows).toEqual([]);
    },
  );
});
