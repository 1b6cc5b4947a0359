import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { publicUrlNotice } from './http/publicOrigin.ts';

const config = loadConfig();
const { app, accounts, readiness } = await buildApp({
  config,
  logger: { level: config.logLevel, transport: undefined },
});

if (config.oidc.mode === 'embedded') {
  const admin = await accounts.ensureAdmin(config.admin.email, config.admin.password);
  if (admin.created) {
    app.log.info(`Amministratore creato: ${config.admin.email}`);
    if (admin.generatedPassword) {
      // Shown once, on the first start only: set ADMIN_PASSWORD to choose it instead.
      console.log(`\n  Amministratore: ${config.admin.email}\n  Password generata: ${admin.generatedPassword}\n`);
    }
  }
}

/**
 * A drain that loses nothing on a rolling restart: on SIGTERM /readyz answers 503 at once, and the process keeps
 * serving new requests for SHUTDOWN_DRAIN_SECONDS, long enough for a balancer that polls readiness to stop
 * sending them (closing the listener at once reset the connections already on their way). Then the server stops
 * accepting connections and lets the requests in flight finish — uploads included — and closes the pool, Redis
 * and the embedded database. The end of the grace period (SHUTDOWN_GRACE_SECONDS, counted from the signal) or a
 * second signal ends the process at once.
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) {
    app.log.warn(`${signal} ricevuto di nuovo: arresto immediato`);
    process.exit(1);
  }
  stopping = true;
  readiness.drain();
  app.log.info(`${signal}: arresto in corso, attendo le richieste in corso (al massimo ${config.shutdownGraceSeconds} s)`);
  const grace = setTimeout(() => {
    app.log.error(`le richieste in corso non sono terminate entro ${config.shutdownGraceSeconds} s: arresto immediato`);
    process.exit(1);
  }, config.shutdownGraceSeconds * 1000);
  grace.unref();
  try {
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'arresto non riuscito');
    process.exit(1);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info({ event: 'publicUrl', publicUrl: config.publicUrl }, publicUrlNotice(config));
console.log(`\n  Portale Fondi è pronto: ${config.publicUrl}\n  Identity provider: ${config.oidc.issuer}\n`);
