import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isoText, isoTextOfPostgres, isoTextOfSqlite, postgresTextTimestamps } from './timestamps';

describe('isoText', () => {
  it('writes what toISOString writes, for every kind of date a device holds and the edges', () => {
    const dates = [
      new Date(0),
      new Date(Date.UTC(2026, 10, 28, 3, 4, 5, 6)),
      new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 50)),
      new Date(Date.UTC(2099, 11, 31, 23, 59, 59, 999)),
      new Date('0000-01-01T00:00:00.000Z'),
      new Date('0999-06-15T12:30:00.100Z'),
      new Date('9999-12-31T23:59:59.999Z'),
      new Date('+010000-01-01T00:00:00.000Z'),
      new Date('-000001-12-31T23:59:59.000Z'),
      new Date(8.64e15),
      new Date(-8.64e15),
    ];
    // A step that is prime in milliseconds, so every field (month, day, hour, ms) takes many values.
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2100, 0, 1); t += 86_399_977 * 7) dates.push(new Date(t));
    for (const date of dates) expect(isoText(date)).toBe(date.toISOString());
  });

  it('refuses an invalid date as toISOString does', () => {
    expect(() => isoText(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isoTextOfSqlite', () => {
  it('is the stored text when the app wrote it (toISOString), and that text again otherwise', () => {
    const stored = '2026-12-01T14:58:17.750Z';
    expect(isoTextOfSqlite(stored)).toBe(stored);
    // Written by hand: read as a Date and shown as the Date path shows it.
    expect(isoTextOfSqlite('2026-12-01 14:58:17')).toBe(isoText(new Date('2026-12-01 14:58:17')));
    expect(isoTextOfSqlite('2026-12-01T14:58:17Z')).toBe('2026-12-01T14:58:17.000Z');
    expect(isoTextOfSqlite('+010000-01-01T00:00:00.000Z')).toBe('+010000-01-01T00:00:00.000Z');
  });
});

describe('isoTextOfPostgres', () => {
  const parse = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;
  /** What the Date path shows for a text PostgreSQL sent. */
  const viaDate = (sent: string) => isoText(parse(sent));

  // In a UTC session, every fraction PostgreSQL sends (it drops trailing zeros); then another session
  // time zone's offsets, and years past 9999 or BC, which take the Date path.
  it.each([
    '2026-12-01 14:58:17+00',
    '2026-12-01 14:58:17.7+00',
    '2026-12-01 14:58:17.75+00',
    '2026-12-01 14:58:17.751+00',
    '2026-12-01 14:58:17.7519+00',
    '2026-12-01 14:58:17.751999+00',
    '0999-06-15 12:30:00.1+00',
    '1970-01-01 00:00:00+00',
    '2026-12-01 15:58:17.75+01',
    '2026-12-01 09:28:17.75-05:30',
    '2026-12-01 14:58:17+00:30',
    '10000-01-01 00:00:00+00',
    '0044-03-15 12:00:00+00 BC',
  ])('writes what the Date path writes for %s', (sent) => {
    expect(isoTextOfPostgres(sent)).toBe(viaDate(sent));
  });

  it('cuts the fraction to milliseconds and reads the offset', () => {
    expect(isoTextOfPostgres('2026-12-01 14:58:17.75+00')).toBe('2026-12-01T14:58:17.750Z');
    expect(isoTextOfPostgres('2026-12-01 14:58:17.751999+00')).toBe('2026-12-01T14:58:17.751Z');
    expect(isoTextOfPostgres('2026-12-01 15:58:17.75+01')).toBe('2026-12-01T14:58:17.750Z');
  });

  it('is the parser a query with postgresTextTimestamps gets for timestamptz, and only for it', () => {
    const { getTypeParser } = postgresTextTimestamps;
    expect(getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text')).toBe(isoTextOfPostgres);
    expect(getTypeParser(pg.types.builtins.INT8, 'text')).toBe(
      pg.types.getTypeParser(pg.types.builtins.INT8, 'text'),
    );
    expect(getTypeParser(pg.types.builtins.TIMESTAMP, 'text')).toBe(
      pg.types.getTypeParser(pg.types.builtins.TIMESTAMP, 'text'),
    );
  });
});
