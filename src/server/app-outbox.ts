import type { AppConfig } from './config';
import type { Db } from './db';
import { auditEvent } from './modules/audit/audit-recorder';
import { createOutbox, type OutboxOptions } from './modules/events/outbox';
import { createMailConsumer } from './modules/mail/mail-consumer';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { notificationConsumer } from './modules/notifications/notification-consumer';
import { createWebhookConsumer } from './modules/webhooks/webhook-consumer';

/**
 * The outbox as the server runs it: every consumer, and the audit entry written with each event.
 * The admin command records through one too, not started: its events get the same audit entries
 * and the same deliveries, which the server's worker sends (the e-mail, the webhooks).
 */
export function createAppOutbox(
  db: Db,
  config: AppConfig,
  deps: {
    mailer: Mailer;
    /** The webhook consumer only writes deliveries; the webhook worker sends them when woken. */
    wakeWebhooks?: () => void;
    onError?: OutboxOptions['onError'];
  },
) {
  const mailConsumer = createMailConsumer({
    mailer: deps.mailer,
    brandName: config.brand.name,
    // Development without PUBLIC_URL: links point at this server on localhost (production requires it).
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    resetTokenMs: config.limits.passwordResetTokenMs,
  });
  return createOutbox(
    db,
    [notificationConsumer, mailConsumer, createWebhookConsumer(() => deps.wakeWebhooks?.())],
    { onRecord: [auditEvent], ...(deps.onError ? { onError: deps.onError } : {}) },
  );
}

/**
 * What the admin command records through (cli/admin.ts): the app's outbox, never started here, so
 * the command only writes its events and a server's worker delivers them (the e-mail telling an
 * admin of a reset, the webhooks), now if one is running, else when one starts. Its mailer is never
 * sent through; `close` releases it.
 */
export function createCommandOutbox(db: Db, config: AppConfig) {
  const mailer = createMailer(config.mail, config.dataDir, { info: () => {} });
  return { events: createAppOutbox(db, config, { mailer }), close: () => mailer.close() };
}
