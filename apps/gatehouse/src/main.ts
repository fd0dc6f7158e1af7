import '@gatehouse/platform/tracing';
import '@gatehouse/persistence/postgres-driver-only';
import 'reflect-metadata';
import { exitOnConfigError, loadAllInOneConfig, resolveEmbeddedSecrets } from '@gatehouse/config';
import { bootstrapService, exitOnStartupFailure } from '@gatehouse/platform';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { EmbeddedSeeder } from './embedded-seeder';
import { gatehouseModule } from './gatehouse.module';
import { listeningOn } from './listening-on';
import { StartUpProgress } from './start-up-progress';

/** Loaded when GATEHOUSE_SEED is unset, so a fresh clone has someone to sign in as. */
const DEMO_SEED = resolve(__dirname, '../../../libs/persistence/seed/demo.yaml');

// PGlite's WebAssembly is compiled by Liftoff only, before PGlite starts. Tiering up to TurboFan
// cost about 90 MB more resident memory and ran the embedded database's statements no faster
// (tools/bench/report/findings.md, "Memory"). Node accepts this V8 flag on the command line but
// not in NODE_OPTIONS, hence here: `npm start`, the image and the tests all start this file.
setFlagsFromString('--liftoff-only');

async function main(): Promise<void> {
  const config = exitOnConfigError(() => loadAllInOneConfig(), undefined, 'gatehouse');
  const secrets = await resolveEmbeddedSecrets(config.storage.dataDir, config.secrets);
  const seedPath = config.storage.seedPath ?? DEMO_SEED;
  const progress = new StartUpProgress();
  progress.step(`Starting Gatehouse (data in ${resolve(config.storage.dataDir)})`);
  const service = await bootstrapService({
    name: config.service,
    module: gatehouseModule(config, secrets, seedPath, progress),
    port: config.http.port,
    host: config.http.host,
    logLevel: config.runtime.logLevel,
    accessLog: config.http.accessLog,
    shutdownGraceMs: config.runtime.shutdownGraceMs,
    internalToken: secrets.internalToken,
    trustedProxies: config.clientAddress.trustedProxies,
  });
  const users = service.app.get(EmbeddedSeeder).seededUsers();
  const lines = [
    '',
    `  Gatehouse is running at ${config.http.publicUrl}`,
    `  (listening on ${listeningOn(service.app.getHttpServer().address())}; data in ${resolve(config.storage.dataDir)})`,
    config.mail.smtpUrl
      ? `  Mail goes to ${new URL(config.mail.smtpUrl).host} (GATEHOUSE_SMTP_URL)`
      : `  Mail is kept in the local mailbox: ${config.http.publicUrl.replace(/\/+$/, '')}/dev/mailbox (from this machine)`,
    ...(seedPath === DEMO_SEED && users.length > 0
      ? ['', '  Demo sign-in:', ...users.map((u) => `    ${u.username} / ${u.password}`)]
      : []),
    '',
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
}

exitOnStartupFailure(main(), { service: 'gatehouse' });
