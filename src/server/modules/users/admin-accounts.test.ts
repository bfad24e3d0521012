import { afterAll, describe, expect, it } from 'vitest';
import type { AuditEntryView } from '../../../shared/api/audit';
import { createCommandOutbox } from '../../app-outbox';
import { type DatabaseHandle, openDatabase } from '../../db';
import { migrateToLatest } from '../../db/migrate';
import { startTestSmtpServer } from '../../test/smtp';
import {
  call,
  createPostgresTestDatabase,
  createTestApp,
  insertReseller,
  signIn,
  testConfig,
  testDatabaseKind,
} from '../../test/test-app';
import { createPasswordResetRepository } from '../auth/password-reset-repository';
import { createSessionRepository } from '../auth/session-repository';
import { createOrResetAdmin, ensureFirstAdmin } from './admin-accounts';
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

/** The outbox the admin command records through (cli/admin.ts), on this database. */
function commandOutbox(handle: DatabaseHandle, config = testConfig()) {
  const outbox = createCommandOutbox(handle.db, config);
  cleanups.push(async () => outbox.close());
  return outbox.events;
}

describe(`the first admin (${testDatabaseKind})`, () => {
  it('is created once when several instances start together on an empty database; none fails', async () => {
    const handles = await emptyDatabase(5);
    const results = await Promise.allSettled(
      handles.map((handle) => ensureFirstAdmin(handle.db, commandOutbox(handle), {})),
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
    // Recorded once, by the instance whose row went in, as the system's action.
    const audited = await handles[0]!.db
      .selectFrom('audit_entries')
      .select(['action', 'actor_role', 'target_label'])
      .execute();
    expect(audited).toEqual([
      { action: 'reseller.created', actor_role: 'system', target_label: 'Administrator' },
    ]);
  });

  it('refuses with a clear message when ADMIN_EMAIL belongs to an account that is not an admin', async () => {
    const [handle] = await emptyDatabase(1);
    await insertReseller(handle!, { email: 'taken@example.com' });
    await expect(
      ensureFirstAdmin(handle!.db, commandOutbox(handle!), {
        email: 'taken@example.com',
        password: 'a long password 1',
      }),
    ).rejects.toThrow(/not an admin/);
  });
});

describe(`the admin command (${testDatabaseKind})`, () => {
  it('resets an admin’s password, lifts the ban and ends the admin’s sessions and reset links, not others’', async () => {
    const [handle] = await emptyDatabase(1);
    const users = createUserRepository(handle!.db);
    const sessions = createSessionRepository(handle!.db);
    const resets = createPasswordResetRepository(handle!.db);
    const input = { email: 'root@example.com', password: 'a long password 1' };
    expect(await createOrResetAdmin(handle!.db, commandOutbox(handle!), input)).toBe('created');
    const admin = (await users.findByEmail(input.email))!;
    const other = await insertReseller(handle!);
    for (const [tokenHash, userId] of [
      ['a'.repeat(64), admin.id],
      ['b'.repeat(64), admin.id],
      ['c'.repeat(64), other.id],
    ] as const) {
      await sessions.insert({ tokenHash, userId, ip: null, userAgent: null });
      const createdAt = new Date();
      await resets.insert({
        tokenHash,
        userId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 3_600_000),
      });
    }
    await users.setBanned(admin.id, true);

    expect(
      await createOrResetAdmin(handle!.db, commandOutbox(handle!), {
        ...input,
        password: 'another long one 2',
      }),
    ).toBe('reset');
    expect(await sessions.listForUser(admin.id)).toEqual([]);
    expect(await sessions.listForUser(other.id)).toHaveLength(1);
    // A reset link still in the admin's mailbox would undo the reset: it stops working too.
    expect(await resets.findLiveOwner('a'.repeat(64), new Date())).toBeUndefined();
    expect(await resets.findLiveOwner('c'.repeat(64), new Date())).toBe(other.id);
    const reset = (await users.findByEmail(input.email))!;
    expect(reset.is_banned).toBe(false);
    expect(reset.password_hash).not.toBe(admin.password_hash);
  });

  it('refuses to reset an account that is not an admin', async () => {
    const [handle] = await emptyDatabase(1);
    await insertReseller(handle!, { email: 'seller@example.com' });
    await expect(
      createOrResetAdmin(handle!.db, commandOutbox(handle!), {
        email: 'seller@example.com',
        password: 'a long password 1',
      }),
    ).rejects.toThrow(/not an admin/);
  });
});

describe(`the admin command, recorded (${testDatabaseKind})`, () => {
  it('is in the audit log as the server’s action, and a reset is mailed to the admin by the running server', async () => {
    const smtp = await startTestSmtpServer();
    cleanups.push(() => smtp.close());
    const mail = { smtpUrl: smtp.url, from: 'StreamBox <no-reply@example.test>' };
    const t = await createTestApp({ withAdmin: true, config: { mail } });
    cleanups.push(() => t.close());
    const events = commandOutbox(t.database, { ...testConfig(), mail });
    const input = { email: 'root@example.com', password: 'a long password 1', name: 'Root' };

    expect(await createOrResetAdmin(t.database.db, events, input)).toBe('created');
    expect(
      await createOrResetAdmin(t.database.db, events, { ...input, password: 'another long one 2' }),
    ).toBe('reset');
    const root = (await createUserRepository(t.database.db).findByEmail(input.email))!;

    // The command's process never delivers: the server's worker, polling the same database, does.
    const told = await smtp.waitFor((m) => m.to.includes(input.email));
    expect(told.text).toMatch(/password/i);
    expect(smtp.messages.filter((m) => m.to.includes(input.email))).toHaveLength(1);

    const response = await call(t.app, { method: 'GET', url: '/api/v1/audit', cookie: t.adminCookie });
    expect(response.statusCode).toBe(200);
    const entries = response.json().data as AuditEntryView[];
    const mine = entries.filter((entry) => entry.target === `user:${root.id}`);
    expect(mine.map((entry) => [entry.action, entry.actor.role, entry.actor.id])).toEqual([
      ['password.reset', 'system', null],
      ['reseller.created', 'system', null],
    ]);
    expect(mine[1]!.target_label).toBe('Root');
    expect(mine[1]!.details).toMatchObject({ role: 'admin', credits: 0 });
    // And the new password works.
    expect(await signIn(t.app, input.email, 'another long one 2')).toBeTruthy();
  });
});
