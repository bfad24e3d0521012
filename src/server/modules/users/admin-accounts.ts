import { randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import type { DomainEvent } from '../events/domain-events';
import type { EventRecorder } from '../events/outbox';
import { createPasswordResetRepository } from '../auth/password-reset-repository';
import { createSessionRepository } from '../auth/session-repository';
import { hashSecret } from '../security/passwords';
import { createUserRepository } from './user-repository';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * On first start there is nobody to sign in as: create the first admin from the configured
 * credentials, or with a random password that is shown once (and stored only as a hash).
 * Instances starting together on an empty database all get here: the insert yields to a concurrent
 * one (same e-mail, so a conflict), and only the instance whose row went in reports it, and records
 * it in the audit log as the system's action (as the admin command's are).
 */
export async function ensureFirstAdmin(
  db: Db,
  events: EventRecorder,
  configured: { email?: string; password?: string },
): Promise<{ email: string; generatedPassword?: string } | null> {
  const users = createUserRepository(db);
  if (await users.hasAdmin()) return null;
  const email = configured.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = configured.password ? undefined : randomBytes(12).toString('base64url');
  const password = configured.password ?? generatedPassword!;
  const passwordHash = await hashSecret(password);
  const created = await db.transaction().execute(async (trx) => {
    const admin = await createUserRepository(trx).insertUnlessEmailTaken({
      name: 'Administrator',
      email,
      phone: null,
      password_hash: passwordHash,
      role: 'admin',
      parent_id: null,
    });
    if (admin) await events.record(trx, adminCreated(admin));
    return admin;
  });
  if (!created) {
    if (await users.hasAdmin()) return null; // another instance created it first
    throw new Error(
      `${email} belongs to an account that is not an admin: set ADMIN_EMAIL to another address`,
    );
  }
  return generatedPassword ? { email, generatedPassword } : { email };
}

/** A new admin's event: nobody acted (actorId null), so the audit log shows the system. */
function adminCreated(admin: UserRow): DomainEvent {
  return {
    type: 'reseller.created',
    actorId: null,
    subject: `user:${admin.id}`,
    payload: { user_id: admin.id, target_name: admin.name, role: admin.role, credits: 0 },
  };
}

/**
 * The `admin` command: add an admin, or reset an existing admin's password (and unban it). A reset
 * also ends the admin's sessions and pending reset links, as a password change does, in the same
 * transaction: whoever locked the admin out, or knew the old password, is signed out with it, and
 * the ban is never lifted while their sessions are still alive.
 * Either is recorded as the server's own action (no account acted: whoever ran the command has the
 * machine): the audit log shows it, and a reset is mailed to the admin as a reset by link is, so an
 * admin whose password was reset behind their back hears of it.
 */
export async function createOrResetAdmin(
  db: Db,
  events: EventRecorder,
  input: { email: string; password: string; name?: string },
): Promise<'created' | 'reset'> {
  const existing = await createUserRepository(db).findByEmail(input.email);
  const passwordHash = await hashSecret(input.password);
  if (existing) {
    if (existing.role !== 'admin')
      throw new Error(`${input.email} belongs to a ${existing.role}, not an admin`);
    await db.transaction().execute(async (trx) => {
      const users = createUserRepository(trx);
      await users.setPasswordHash(existing.id, passwordHash);
      await createSessionRepository(trx).deleteAllForUser(existing.id);
      await createPasswordResetRepository(trx).deleteAllForUser(existing.id);
      await users.setBanned(existing.id, false);
      await events.record(trx, {
        type: 'password.reset',
        actorId: null,
        subject: `user:${existing.id}`,
        payload: { user_id: existing.id },
      });
    });
    return 'reset';
  }
  await db.transaction().execute(async (trx) => {
    const admin = await createUserRepository(trx).insert({
      name: input.name ?? 'Administrator',
      email: input.email,
      phone: null,
      password_hash: passwordHash,
      role: 'admin',
      parent_id: null,
    });
    await events.record(trx, adminCreated(admin));
  });
  return 'created';
}
