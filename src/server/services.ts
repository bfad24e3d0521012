import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db';
import { createActivationService } from './modules/activation/activation-service';
import { createBulkActivationService } from './modules/activation/bulk-activation-service';
import { createApiKeyRepository } from './modules/api-keys/api-key-repository';
import { createApiKeyService } from './modules/api-keys/api-key-service';
import { createIdempotencyRepository } from './modules/idempotency/idempotency-repository';
import { createIdempotencyService } from './modules/idempotency/idempotency-service';
import { createAuthService } from './modules/auth/auth-service';
import { createSessionRepository } from './modules/auth/session-repository';
import { createPasswordResetService } from './modules/auth/password-reset-service';
import { createAuditService } from './modules/audit/audit-service';
import { createClientRepository } from './modules/clients/client-repository';
import { createClientService } from './modules/clients/client-service';
import { createContactRepository } from './modules/contact/contact-repository';
import { createContactService } from './modules/contact/contact-service';
import { createCreditService } from './modules/credits/credit-service';
import { createDashboardService } from './modules/dashboard/dashboard-service';
import { createDeviceDocumentRepository } from './modules/devices/device-document-repository';
import { createDeviceKeyReset } from './modules/devices/device-key-reset';
import { createPanelDeviceService } from './modules/devices/panel-device-service';
import { createDeviceExport } from './modules/devices/device-export';
import { createDeviceRepository, createDeviceSessionRepository } from './modules/devices/device-repository';
import { createDeviceAccessService } from './modules/devices/device-access-service';
import type { Outbox } from './modules/events/outbox';
import { createExpiryDigest } from './modules/expiry/expiry-digest';
import { createExpiryScanner } from './modules/expiry/expiry-scanner';
import { createDeviceMessageRepository } from './modules/device-messages/device-message-repository';
import { createDeviceMessageService } from './modules/device-messages/device-message-service';
import { createWebhookRepository } from './modules/webhooks/webhook-repository';
import { createWebhookService } from './modules/webhooks/webhook-service';
import type { WebhookWorker } from './modules/webhooks/webhook-worker';
import { createHealthService } from './modules/health/health-service';
import { createLinkRepository } from './modules/links/link-repository';
import { createLinkService } from './modules/links/link-service';
import { createNotificationService } from './modules/notifications/notification-service';
import { createPlaylistRepository } from './modules/playlists/playlist-repository';
import { createPlaylistProbeRepository } from './modules/playlists/playlist-probe-repository';
import { createPlaylistProbeService } from './modules/playlists/playlist-probe-service';
import { createPlaylistService } from './modules/playlists/playlist-service';
import { createResellerService } from './modules/resellers/reseller-service';
import { createPairingRepository } from './modules/pairing/pairing-repository';
import { createPairingService } from './modules/pairing/pairing-service';
import type { AttemptLimiter } from './modules/security/attempt-limiter';
import { createUserRepository } from './modules/users/user-repository';
import { createTwoFactorService } from './modules/two-factor/two-factor-service';

/**
 * The composition root: every service and repository the routes use, built once per app from the
 * configuration and the infrastructure buildApp opened. Route plugins read `app.deps` and build
 * nothing themselves, so a service has one set of collaborators wherever it is called from.
 */
export function buildServices(infrastructure: {
  config: AppConfig;
  database: DatabaseHandle;
  limiter: AttemptLimiter;
  redis: Redis | null;
  /** The domain-event outbox (decision 0009): services record events, consumers react after commit. */
  events: Outbox;
  /** Sends webhook deliveries outside any transaction (decision 0015); tests drain it. */
  webhookDelivery: WebhookWorker;
}) {
  const { config, database, limiter, redis, events, webhookDelivery } = infrastructure;
  const { db } = database;
  const limits = config.limits;
  const users = createUserRepository(db);
  const playlistProbes = createPlaylistProbeService({
    probes: createPlaylistProbeRepository(db),
    limiter,
    limits,
    settings: config.playlistProbe,
  });
  const playlists = createPlaylistService({
    db,
    events,
    playlists: createPlaylistRepository(db),
    probes: playlistProbes,
    limiter,
    limits,
  });
  const activation = createActivationService({ db, limiter, limits, events });
  const sessions = createSessionRepository(db);
  const twoFactor = createTwoFactorService({
    db,
    events,
    users,
    sessions,
    limiter,
    limits,
    requireTwoFactor: config.requireTwoFactor,
    issuer: config.brand.name,
  });
  const deviceRows = createDeviceRepository(db);
  const devices = createDeviceAccessService({
    db,
    devices: deviceRows,
    documents: createDeviceDocumentRepository(db),
    deviceSessions: createDeviceSessionRepository(db),
    playlists,
    messages: createDeviceMessageRepository(db),
    limiter,
    limits,
    events,
  });
  return {
    ...infrastructure,
    users,
    playlists,
    playlistProbes,
    activation,
    bulkActivation: createBulkActivationService({ activation, devices: createDeviceRepository(db), users }),
    health: createHealthService({ db, redis, redisKey: `health:${config.redisPrefix}` }),
    auth: createAuthService({
      db,
      events,
      users,
      sessions,
      limiter,
      limits,
      twoFactor,
    }),
    passwordResets: createPasswordResetService({ db, limiter, limits, events }),
    twoFactor,
    devices,
    pairing: createPairingService({
      pairing: createPairingRepository(db),
      access: devices,
      devices: deviceRows,
      limiter,
      limits,
    }),
    panelDevices: createPanelDeviceService(db, events),
    deviceExport: createDeviceExport(db),
    idempotency: createIdempotencyService(createIdempotencyRepository(db)),
    apiKeys: createApiKeyService({ db, events, keys: createApiKeyRepository(db), limiter, limits }),
    webhooks: createWebhookService({
      db,
      events,
      webhooks: createWebhookRepository(db),
      settings: config.webhooks,
      wakeWorker: () => webhookDelivery.wake(),
    }),
    deviceKeys: createDeviceKeyReset(db, events),
    /** Devices by MAC, for the panel's playlist routes (which device a new playlist goes on). */
    deviceLookup: deviceRows,
    audit: createAuditService({ db, devices: deviceRows }),
    notifications: createNotificationService(db),
    dashboard: createDashboardService(db),
    credits: createCreditService(db, events),
    resellers: createResellerService(db, {
      events,
      limiter,
      limits,
      maxSubResellers: config.maxSubResellers,
      treeDepth: config.resellerTreeDepth,
    }),
    /** Announces subscriptions running out (decision 0013); app.ts runs it on a timer. */
    expiry: createExpiryScanner({ db, events }),
    /** The daily e-mail of devices expiring soon (§6.16); the scanner's timer runs it too. */
    expiryDigest: createExpiryDigest({ db, events, fromHour: config.expiryDigestHour }),
    deviceMessages: createDeviceMessageService({ db, events }),
    links: createLinkService({ db, events, links: createLinkRepository(db) }),
    contact: createContactService({ db, messages: createContactRepository(db), limiter, limits, events }),
    clients: createClientService({
      db,
      registrations: createClientRepository(db),
      limiter,
      limits,
      activation,
      events,
    }),
  };
}

/** Everything route handlers need, built once per app instance. */
export type AppDeps = ReturnType<typeof buildServices>;
