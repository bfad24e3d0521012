import { describe, expect, it } from 'vitest';
import { isoText, toDeviceFields } from './device-fields';

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

  it("is what a device's fields show", () => {
    const at = new Date(Date.UTC(2026, 1, 3, 4, 5, 6, 7));
    const fields = toDeviceFields({
      id: 1,
      mac: '02:00:00:00:00:01',
      name: null,
      phone: null,
      app_name: null,
      created_at: at,
      is_paid: true,
      paid_at: at,
      payment_type: 'year',
      is_banned: false,
      expires_at: null,
    });
    expect([fields.created_at, fields.date_payment, fields.expired_date]).toEqual([
      '2026-02-03T04:05:06.007Z',
      '2026-02-03T04:05:06.007Z',
      null,
    ]);
  });
});
