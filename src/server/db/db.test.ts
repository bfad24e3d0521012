import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import { createTestApp, insertUser, testDatabaseKind, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`database layer (${testDatabaseKind})`, () => {
  it('returns timestamps as Date and booleans as boolean', async () => {
    const user = await insertUser(t.database, { role: 'reseller' });
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBeInstanceOf(Date);
    expect(row.is_banned).toBe(false);
    expect(typeof row.id).toBe('number');
    expect(typeof row.credits).toBe('number');
  });

  it('keeps millisecond precision and compares timestamps in time order', async () => {
    const now = new Date();
    const earlier = new Date(now.getTime() - 1);
    const device = await t.database.db
      .insertInto('devices')
      .values({
        mac: '00:1A:2B:3C:4D:5E',
        mac_hex: '001A2B3C4D5E',
        device_key: 'KEY',
        expires_at: now,
        is_paid: true,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(device.expires_at?.getTime()).toBe(now.getTime());
    expect(device.is_paid).toBe(true);
    const found = await t.database.db
      .selectFrom('devices')
      .select('id')
      .where('expires_at', '>', earlier)
      .execute();
    expect(found).toHaveLength(1);
  });

  it('counts come back as numbers', async () => {
    const { count } = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(typeof count).toBe('number');
  });

  it('refuses a negative balance at the database level too', async () => {
    const user = await insertUser(t.database, { role: 'reseller', credits: 1 });
    await expect(
      t.database.db.updateTable('users').set({ credits: -1 }).where('id', '=', user.id).execute(),
    ).rejects.toThrow();
  });
});
