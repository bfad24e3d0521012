import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type DatabaseHandle, databaseOptionsFrom, openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { loggerOptions, requestLoggerFactory } from './logging';
import { creditRoutes } from './modules/credits/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { panelDeviceRoutes } from './modules/devices/panel-routes';
import { deviceExportRoutes } from './modules/devices/export-routes';
import { deviceKeyResetRoutes } from './modules/devices/key-reset-routes';
import { panelPlaylistRoutes } from './modules/playlists/panel-routes';
import { resellerRoutes } from './modules/resellers/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { linkRoutes } from './modules/links/routes';
import { contactRoutes } from './modules/contact/routes';
import { clientRoutes } from './modules/clients/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { resellerApiRoutes } from './modules/reseller-api/routes';
import { activationRoutes } from './modules/activation/routes';
import { bulkActivationRoutes } from './modules/activation/bulk-routes';
import { authRoutes } from './modules/auth/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { deviceRoutes } from './modules/devices/routes';
import { pairingRoutes } from './modules/pairing/routes';
import { healthRoutes } from './modules/health/routes';
import { playlistProbeRoutes } from './modules/playlists/probe-routes';
import { playlistRoutes } from './modules/playlists/routes';
import { createExpiryScheduler } from './modules/expiry/expiry-scanner';
import { createWebhookWorker, type WebhookWorker } from './modules/webhooks/webhook-worker';
import { webhookRoutes } from './modules/webhooks/routes';
import { deviceMessageRoutes } from './modules/device-messages/routes';
import { createMailer } from './modules/mail/mailer';
import { createAppOutbox } from './app-outbox';
import type { AttemptLimiter } from './modules/security/attempt-limiter';
import { DatabaseAttemptLimiter } from './modules/security/database-attempt-limiter';
import { RedisAttemptLimiter } from './modules/security/redis-attempt-limiter';
import { Redis } from 'ioredis';
import { errorEnvelope } from './plugins/error-envelope';
import { registerMetrics } from './plugins/metrics';
import { responseSerializerCompiler } from './plugins/response-serializer';
import type { Registry } from 'prom-client';
import { sameOriginGuard } from './plugins/same-origin';
import { securityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { idempotency } from './plugins/idempotency';
import { registerOpenApi } from './plugins/openapi';
import { type AppDeps, buildServices } from './services';
import { auditRoutes } from './modules/audit/routes';
import { registerRequestContext } from './modules/audit/request-context';
import { verifyRouteAudit } from './modules/audit/route-audit';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Set when metrics are on (config.metrics); main.ts serves it on its own port. */
    metricsRegistry: Registry | null;
  }
}

export type BuildOptions = {
  /** A database opened (and migrated) by the caller; otherwise one is opened from the config. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go (tests read them to prove secrets stay out). */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is added (the fuzz test enumerates the API with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests: a route's success that wrote none of the audit actions it declares answers 500. */
  verifyAudit?: boolean;
};

/** How long start-up waits for Redis's first connection before serving anyway. */
const REDIS_READY_WAIT_MS = 3_000;

/**
 * Redis, when REDIS_URL is set: the guessing limits are counted there (shared by every instance, no
 * database writes). Its errors fail fast (no offline queue) and surface as 503; it reconnects by itself.
 */
function connectRedis(app: FastifyInstance, config: AppConfig): Redis | null {
  if (!config.redisUrl) return null;
  const redis = new Redis(config.redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  // Without an offline queue, a command sent before the first connection is up fails at once: wait for
  // it (briefly) before serving, so an instance does not answer 503 for its first milliseconds. A Redis
  // that is down at start is not fatal: the instance serves 503 until it comes back, as after an outage.
  app.addHook('onReady', async () => {
    if (redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, REDIS_READY_WAIT_MS);
      redis.once('ready', done);
    });
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

function createLimiter(config: AppConfig, database: DatabaseHandle, redis: Redis | null): AttemptLimiter {
  if (redis) return new RedisAttemptLimiter(redis, `attempts:${config.redisPrefix}`);
  // SQLite belongs to this one process, so its locks can be answered from memory.
  return new DatabaseAttemptLimiter(database.db, undefined, { soleWriter: database.kind === 'sqlite' });
}

/**
 * A hop count trusts that many proxies nearest to us: the client address is that many entries from the
 * right of X-Forwarded-For, and whatever a client wrote further left is ignored.
 */
function trustProxyOption(
  setting: AppConfig['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * An address Fastify cannot decode is answered in our envelope, without echoing it back: its query may
 * hold a device key (Fastify's own answer quotes the whole URL).
 */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({
    success: false,
    code: 'invalid_input',
    message: error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : 'The request is not valid',
  });
}

/** Builds the whole server without listening, so tests drive it with inject(). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    childLoggerFactory: requestLoggerFactory,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 64 * 1024,
    // On SIGTERM, requests that reach an open connection are still served (not answered 503), and idle
    // keep-alive connections are closed, so nothing a client sent before the close is lost.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await registerOpenApi(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const ownsDatabase = !options.database;
  const database = options.database ?? openDatabase(databaseOptionsFrom(config));
  if (ownsDatabase) await migrateToLatest(database);
  const mailer = createMailer(config.mail, config.dataDir, app.log);
  // The webhook consumer only writes deliveries; the worker sends them outside the outbox's
  // transaction (decision 0015) and is woken when the consumer has written some.
  let webhookWorker: WebhookWorker | null = null;
  const events = createAppOutbox(database.db, config, {
    mailer,
    wakeWebhooks: () => webhookWorker?.wake(),
    onError: (error, context) => app.log.warn({ err: error, ...context }, 'event delivery failed'),
  });
  webhookWorker = createWebhookWorker({
    db: database.db,
    settings: config.webhooks,
    events,
    onError: (error, context) => app.log.warn({ err: error, ...context }, 'webhook delivery failed'),
  });
  const webhookDelivery = webhookWorker;
  // app.deps and the limiter are made below; the scheduler reads them only once started.
  const expiryScheduler = createExpiryScheduler(
    {
      // Expired messages to devices leave their TV answers on the same timer, the day's expiry
      // digest goes out on the first tick after EXPIRY_DIGEST_HOUR (a no-op once an instance sent it),
      // and guessing counts that count nothing any more leave the database.
      scan: async () => {
        await app.deps.deviceMessages.removeExpired();
        await app.deps.expiry.scan();
        await app.deps.expiryDigest.run();
        await limiter.forgetEnded();
      },
    },
    {
      intervalMs: config.expiryScanIntervalMs,
      onError: (error) => app.log.warn({ err: error }, 'expiry scan failed'),
    },
  );
  app.addHook('onReady', () => {
    events.start();
    webhookDelivery.start();
    expiryScheduler.start();
  });
  app.addHook('onClose', async () => {
    // The rounds in progress finish before the database goes away: the scan first, since it records
    // events for the outbox.
    await expiryScheduler.stop();
    await Promise.all([events.stop(), webhookDelivery.stop()]);
    mailer.close();
    if (ownsDatabase) await database.destroy();
  });

  const redis = connectRedis(app, config);
  const limiter = createLimiter(config, database, redis);
  app.decorate('deps', buildServices({ config, database, limiter, redis, events, webhookDelivery }));
  app.decorate('metricsRegistry', config.metrics ? registerMetrics(app, database) : null);
  app.decorateRequest('user', null);
  app.decorateRequest('device', null);
  app.decorateRequest('apiCaller', null);
  app.decorateRequest('auditedActions', null);
  if (options.verifyAudit) verifyRouteAudit(app);

  await app.register(fastifyCookie);
  await app.register(securityHeaders, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.production ? [] : null,
        },
      },
      strictTransportSecurity: config.production,
    },
  });
  // Before every other hook, so the request is known to the audit log wherever an event is recorded.
  registerRequestContext(app);
  await app.register(errorEnvelope);
  await app.register(sameOriginGuard);
  await app.register(idempotency);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(deviceRoutes);
      await api.register(pairingRoutes);
      await api.register(playlistRoutes);
      await api.register(playlistProbeRoutes);
      await api.register(panelDeviceRoutes);
      await api.register(deviceExportRoutes);
      await api.register(activationRoutes);
      await api.register(bulkActivationRoutes);
      await api.register(deviceKeyResetRoutes);
      await api.register(panelPlaylistRoutes);
      await api.register(dashboardRoutes);
      await api.register(resellerRoutes);
      await api.register(creditRoutes);
      await api.register(notificationRoutes);
      await api.register(linkRoutes);
      await api.register(contactRoutes);
      await api.register(auditRoutes);
      await api.register(clientRoutes);
      await api.register(apiKeyRoutes);
      await api.register(webhookRoutes);
      await api.register(deviceMessageRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(resellerApiRoutes, { prefix: '/api/reseller/v1' });

  const serveApp = await registerWeb(app, config.webDistDir, {
    publicUrl: config.publicUrl,
    production: config.production,
    brand: config.brand,
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ success: false, code: 'not_found', message: 'Route not found' });
    }
    return serveApp(request, reply);
  });

  return app;
}
