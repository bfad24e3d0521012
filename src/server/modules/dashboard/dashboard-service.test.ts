import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, registerDevice, type TestApp } from '../../test/test-app';
import { createDashboardService } from './dashboard-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('dashboard counts', () => {
  it('are fresh on every call while counting is fast', async () => {
    const admin = await insertUser(t.database, { role: 'admin' });
    // A clock that never moves: every computation looks fast, however busy the machine is.
    const service = createDashboardService(t.database.db, () => 0);
    const before = await service.counts({ userId: admin.id });
    await registerDevice(t.app);
    const after = await service.counts({ userId: admin.id });
    expect(after.devicesCount).toBe(before.devicesCount + 1);
  });

  it('share one computation between concurrent callers', async () => {
    const admin = await insertUser(t.database, { role: 'admin' });
    const service = createDashboardService(t.database.db);
    const [first, second] = [service.counts({ userId: admin.id }), service.counts({ userId: admin.id })];
    expect(first).toBe(second);
    await first;
  });

  it('are reused for ten seconds once counting is slow', async () => {
    const admin = await insertUser(t.database, { role: 'admin' });
    let clock = 0;
    // Each reading of the clock advances it 30 ms: every computation looks slow.
    const service = createDashboardService(t.database.db, () => (clock += 30));
    const first = await service.counts({ userId: admin.id });
    await registerDevice(t.app);
    expect((await service.counts({ userId: admin.id })).devicesCount).toBe(first.devicesCount);
    clock += 10_000;
    expect((await service.counts({ userId: admin.id })).devicesCount).toBe(first.devicesCount + 1);
  });
});
