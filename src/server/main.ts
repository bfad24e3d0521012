import { buildApp } from './app';
import { brandWarning, ConfigError, loadConfig } from './config';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { keepRequestObjectsYoung } from './heap';
import { ensureFirstAdmin } from './modules/users/admin-accounts';
import { buildMetricsServer } from './plugins/metrics';

/**
 * Connections the kernel completes while the event loop is busy, before the server accepts them.
 * Node's default (511) is less than the TVs that reconnect at once after a restart or a network blip:
 * the kernel drops the SYNs beyond it, and each of those clients waits a second or more to try again
 * (the bench's 1,000 pollers overflowed it on PostgreSQL). The kernel caps it at net.core.somaxconn,
 * 4096 on current Linux.
 */
const LISTEN_BACKLOG = 4096;

async function main() {
  keepRequestObjectsYoung();
  const config = loadConfig();
  // SQLite: before the database is opened, so a second server stops without touching it. Released
  // when the process exits, after the database is closed.
  if (!config.databaseUrl) lockDataDir(config.dataDir);
  const app = await buildApp(config);
  const incompleteBrand = brandWarning(config);
  if (incompleteBrand) {
    // Loud on purpose: also on stderr, in case the logs go somewhere nobody reads at first.
    app.log.warn({ unset: config.unsetBrandVariables }, incompleteBrand);
    process.stderr.write(`\n  WARNING: ${incompleteBrand}\n\n`);
  }

  const created = await ensureFirstAdmin(app.deps.database.db, app.deps.events, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  if (created?.generatedPassword) {
    // Printed once, straight to the console and not through the logger, so it never lands in log storage.
    process.stdout.write(
      `\n  First admin created: ${created.email}\n  Password: ${created.generatedPassword}\n` +
        '  (shown only this once; change it after signing in)\n\n',
    );
  } else if (created) {
    app.log.info({ email: created.email }, 'first admin created from ADMIN_EMAIL');
  }

  // SIGTERM: stop accepting, let in-flight requests finish, then close the database (app.close does both).
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Orchestrators kill after 10 s or more; a request still running at 9 s is given up, with a log line.
    const force = setTimeout(() => {
      app.log.error('shutdown: requests still running after 9 s, exiting');
      process.exit(1);
    }, 9_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  if (config.metrics && app.metricsRegistry) {
    const metricsServer = buildMetricsServer(app.metricsRegistry);
    app.addHook('onClose', () => metricsServer.close());
    await metricsServer.listen({ port: config.metrics.port, host: config.metrics.host });
    app.log.info({ port: config.metrics.port }, 'metrics listening');
  }
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
