import { describe, expect, it } from 'vitest';
import { type DeviceFieldColumns, toDeviceFields } from './device-fields';

/** A device's dates as its fields show them, read from Dates, ISO text or both. */
function shownDates(dates: Pick<DeviceFieldColumns, 'created_at' | 'paid_at' | 'expires_at'>) {
  const fields = toDeviceFields({
    id: 1,
    mac: '02:00:00:00:00:01',
    name: null,
    phone: null,
    app_name: null,
    is_paid: true,
    payment_type: 'year',
    is_banned: false,
    ...dates,
  });
  return [fields.created_at, fields.date_payment, fields.expired_date];
}

describe('toDeviceFields', () => {
  it("is what a device's fields show", () => {
    const at = new Date(Date.UTC(2026, 1, 3, 4, 5, 6, 7));
    expect(shownDates({ created_at: at, paid_at: at, expires_at: null })).toEqual([
      '2026-02-03T04:05:06.007Z',
      '2026-02-03T04:05:06.007Z',
      null,
    ]);
  });

  it('shows a timestamp read as ISO text as it is', () => {
    const dates = {
      created_at: '2026-02-03T04:05:06.007Z',
      paid_at: new Date(Date.UTC(2026, 1, 3, 4, 5, 6, 8)),
      expires_at: '2027-02-03T04:05:06.007Z',
    };
    expect(shownDates(dates)).toEqual([
      '2026-02-03T04:05:06.007Z',
      '2026-02-03T04:05:06.008Z',
      '2027-02-03T04:05:06.007Z',
    ]);
  });
});
