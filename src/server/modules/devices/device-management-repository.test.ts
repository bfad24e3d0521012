import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, registerDevice, type TestApp } from '../../test/test-app';
import { createDeviceManagementRepository, type DeviceFilter } from './device-management-repository';

let t: TestApp;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await insertUser(t.database, { role: 'reseller' })).id;
  for (let i = 0; i < 9; i += 1) {
    const { mac } = await registerDevice(t.app);
    await t.database.db
      .updateTable('devices')
      .set({
        owner_id: ownerId,
        name: i % 2 === 0 ? `Salon ${i}` : `Kitchen ${i}`,
        payment_type: i % 3 === 0 ? 'year' : 'free',
      })
      .where('mac', '=', mac)
      .execute();
  }
});
afterAll(() => t.close());

describe('device list pages', () => {
  it('are the same whether the count comes from the single pass or from its own query', async () => {
    const onePass = createDeviceManagementRepository(t.database.db);
    const twoQueries = createDeviceManagementRepository(t.database.db, { singlePassLimit: 2 });
    const filters: DeviceFilter[] = [
      { ownerId },
      { ownerId, search: 'salon' },
      { ownerId, status: 'year' },
      { ownerId, search: 'KITCHEN', status: 'free' },
      { ownerId, search: 'nobody' },
    ];
    for (const filter of filters) {
      for (const page of [1, 2, 3]) {
        const expected = await onePass.page(filter, page, 2);
        expect(await twoQueries.page(filter, page, 2)).toEqual(expected);
      }
    }
    const all = await onePass.page({ ownerId }, 1, 50);
    expect(all.total).toBe(9);
    expect(all.rows.map((row) => row.id)).toEqual([...all.rows.map((row) => row.id)].sort((a, b) => b - a));
    const salon = await twoQueries.page({ ownerId, search: 'salon' }, 2, 2);
    expect(salon.total).toBe(5);
    expect(salon.rows.map((row) => row.name)).toHaveLength(2);
    expect(salon.rows.every((row) => row.name?.startsWith('Salon'))).toBe(true);
  });
});
