import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db';
import { migrateToLatest } from '../../db/migrate';
import { createPostgresTestDatabase, testDatabaseKind, insertReseller } from '../../test/test-app';
import { ensureFirstAdmin } from './admin-accounts';
import { createUserRepository } from './user-repository';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** One empty database and `count` handles on it, as that many instances starting at once would have. */
async function emptyDatabase(count: number): Promise<DatabaseHandle[]> {
  if (testDatabaseKind === 'sqlite') {
    const handle = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    await migrateToLatest(handle);
    cleanups.push(() => handle.destroy());
    return Array.from({ length: count }, () => handle);
  }
  const { url, drop } = await createPostgresTestDatabase();
  cleanups.push(drop);
  const handles = Array.from({ length: count }, () => openDatabase({ kind: 'postgres', url, poolSize: 2 }));
  for (const handle of handles) cleanups.push(() => handle.destroy());
  await migrateToLatest(handles[0]!);
  return handles;
}

describe(`the first admin (${testDatabaseKind})`, () => {
  it('is created once when several instances start together on an empty database; none fails', async () => {
    const handles = await emptyDatabase(5);
    const results = await Promise.allSettled(
      handles.map((handle) => ensureFirstAdmin(createUserRepository(handle.db), {})),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('fulfilled'));
    const created = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
    expect(created).toHaveLength(1);
    expect(created[0]!.generatedPassword).toBeTruthy();
    const admins = await handles[0]!.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ email: 'admin@localhost' }]);
  });

  it('refuses with a clear message when ADMIN_EMAIL belongs to an account that is not an admin', async () => {
    const [handle] = await emptyDatabase(1);
    await insertReseller(handle!, { email: 'taken@example.com' });
    await expect(
      ensureFirstAdmin(createUserRepository(handle!.db), {
        email: 'taken@example.com',
        password: 'a long password 1',
      }),
    ).rejects.toThrow(/not an admin/);
  });
});
