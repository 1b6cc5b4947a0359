import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const { app, accounts } = await buildApp({
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

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: arresto in corso`);
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'arresto non riuscito');
    process.exit(1);
  }
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
console.log(`\n  Portale Fondi è pronto: ${config.publicUrl}\n  Identity provider: ${config.oidc.issuer}\n`);
