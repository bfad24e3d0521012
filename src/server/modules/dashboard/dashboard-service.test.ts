import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('are reused for ten seconds once counting is slow, then counted again while the last are served', async () => {
    const admin = await insertUser(t.database, { role: 'admin' });
    let clock = 0;
    // Each reading of the clock advances it 30 ms: every computation looks slow.
    const service = createDashboardService(t.database.db, () => (clock += 30));
    const first = await service.counts({ userId: admin.id });
    await registerDevice(t.app);
    expect((await service.counts({ userId: admin.id })).devicesCount).toBe(first.devicesCount);
    clock += 10_000;
    // Past ten seconds the caller is not kept waiting: it gets the last counts, and a count starts.
    expect((await service.counts({ userId: admin.id })).devicesCount).toBe(first.devicesCount);
    await vi.waitFor(async () => {
      expect((await service.counts({ userId: admin.id })).devicesCount).toBe(first.devicesCount + 1);
    });
  });

  it('are waited for again once the last are twenty seconds old', async () => {
    const admin = await insertUser(t.database, { role: 'admin' });
    let clock = 0;
    const service = createDashboardService(t.database.db, () => (clock += 30));
    const first = await service.counts({ userId: admin.id });
    await registerDevice(t.app);
    clock += 20_000;
    expect((await service.counts({ userId: admin.id })).devicesCount).toBe(first.devicesCount + 1);
  });

  it('keep serving the last counts when counting again fails, until they are too old', async () => {
    const admin = await insertUser(t.database, { role: 'admin' });
    let clock = 0;
    let failing = false;
    const db = new Proxy(t.database.db, {
      // Kysely's methods read private fields: they must run on the real object, not on the proxy.
      get(target, property) {
        if (failing && property === 'selectFrom') throw new Error('database gone');
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const service = createDashboardService(db, () => (clock += 30));
    const first = await service.counts({ userId: admin.id });
    failing = true;
    clock += 10_000;
    expect(await service.counts({ userId: admin.id })).toEqual(first);
    expect(await service.counts({ userId: admin.id })).toEqual(first);
    clock += 10_000;
    await expect(service.counts({ userId: admin.id })).rejects.toThrow('database gone');
    failing = false;
    expect((await service.counts({ userId: admin.id })).devicesCount).toBe(first.devicesCount);
  });
});
