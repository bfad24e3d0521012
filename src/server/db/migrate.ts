import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from './index';
import * as initial from './migrations/0001-initial';
import * as notificationParams from './migrations/0002-notification-params';
import * as deviceListIndex from './migrations/0003-device-list-index';
import * as deviceDocuments from './migrations/0004-device-documents';
import * as events from './migrations/0006-events';
import * as healthChecks from './migrations/0007-health-checks';
import * as apiKeys from './migrations/0008-api-keys';
import * as idempotencyKeys from './migrations/0009-idempotency-keys';
import * as webhooks from './migrations/0010-webhooks';
import * as deviceExpiryNotices from './migrations/0011-device-expiry-notices';
import * as pairingCodes from './migrations/0012-pairing-codes';
import * as mailAndPasswordReset from './migrations/0013-mail-and-password-reset';
import * as playlistProbe from './migrations/0014-playlist-probe';
import * as twoFactor from './migrations/0016-two-factor';
import * as deviceMessages from './migrations/0017-device-messages';
import * as auditLog from './migrations/0018-audit-log';
import * as expiryDigest from './migrations/0019-expiry-digest';
import * as unloggedAttemptCounters from './migrations/0020-unlogged-attempt-counters';
import * as deviceListVersions from './migrations/0021-device-list-versions';
import * as deviceDocumentChanges from './migrations/0022-device-document-changes';
import * as deviceDocumentsKeepTheirKey from './migrations/0023-device-documents-keep-their-key';
import * as devicesExpiresIndexDropped from './migrations/0024-devices-expires-index-dropped';
import * as keptReadsChanged from './migrations/0025-kept-reads-changed';

type Step = { up(db: Parameters<Migration['up']>[0], kind: DatabaseKind): Promise<void> };

/**
 * Migrations are imported, not read from a folder, so they survive bundling. Names sort in order;
 * a new one is a new file in migrations/ added here.
 */
const steps: Record<string, Step> = {
  '0001-initial': initial,
  '0002-notification-params': notificationParams,
  '0003-device-list-index': deviceListIndex,
  '0004-device-documents': deviceDocuments,
  '0006-events': events,
  '0007-health-checks': healthChecks,
  '0008-api-keys': apiKeys,
  '0009-idempotency-keys': idempotencyKeys,
  '0010-webhooks': webhooks,
  '0011-device-expiry-notices': deviceExpiryNotices,
  '0012-pairing-codes': pairingCodes,
  '0013-mail-and-password-reset': mailAndPasswordReset,
  '0014-playlist-probe': playlistProbe,
  '0016-two-factor': twoFactor,
  '0017-device-messages': deviceMessages,
  '0018-audit-log': auditLog,
  '0019-expiry-digest': expiryDigest,
  '0020-unlogged-attempt-counters': unloggedAttemptCounters,
  '0021-device-list-versions': deviceListVersions,
  '0022-device-document-changes': deviceDocumentChanges,
  '0023-device-documents-keep-their-key': deviceDocumentsKeepTheirKey,
  '0024-devices-expires-index-dropped': devicesExpiresIndexDropped,
  '0025-kept-reads-changed': keptReadsChanged,
};

class InCodeProvider implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(steps).map(([name, step]) => [name, { up: (db) => step.up(db, this.kind) }]),
    );
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({ db: handle.db, provider: new InCodeProvider(handle.kind) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}
