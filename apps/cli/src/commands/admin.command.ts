import { Command } from 'commander';
import { SecretBox } from '@gatehouse/crypto';
import { rotateSigningKeys } from '@gatehouse/feature-auth';
import { applySeed, closeDataSource, createDataSource, createSeedDeps, loadSeedFile, runMigrations } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { databaseTarget, DatabaseOptions, encryptionKeyFor } from './database-target';
import type { CliIo } from '../cli-io';

async function withDataSource<T>(options: DatabaseOptions, use: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = await createDataSource(databaseTarget(options));
  try {
    return await use(ds);
  } finally {
    await closeDataSource(ds);
  }
}

function databaseOptions(command: Command): Command {
  return command
    .option('--database-url <url>', 'PostgreSQL URL (default: $DATABASE_URL)')
    .option('--data-dir <dir>', 'all-in-one data directory when no database URL is given (default: $GATEHOUSE_DATA_DIR or ./.gatehouse)');
}

/** `gatehouse admin ...`: operator commands that act on the database directly. */
export function adminCommand(io: CliIo): Command {
  const admin = new Command('admin').description('operate a Gatehouse database (migrations, seed data)');

  databaseOptions(admin.command('migrate'))
    .description('apply pending schema migrations (the distributed services never migrate themselves)')
    .action(async (options: DatabaseOptions) => {
      const applied = await withDataSource(options, runMigrations);
      io.out(applied.length === 0 ? 'Schema is up to date.' : `Applied ${applied.length} migration(s):\n${applied.map((m) => `  ${m}`).join('\n')}`);
    });

  databaseOptions(admin.command('seed').argument('<file>', 'seed file (YAML or JSON; schema in the README)'))
    .description('create or update the users, organizations, apps, tokens, jobs and trusted publishers a seed file declares; applying it twice changes nothing')
    .action(async (file: string, options: DatabaseOptions) => {
      const seed = await loadSeedFile(file);
      const key = await encryptionKeyFor(options, databaseTarget(options));
      const report = await withDataSource(options, (ds) => applySeed(ds, seed, createSeedDeps(SecretBox.fromBase64Key(key))));
      io.out(JSON.stringify(report, null, 2));
    });

  databaseOptions(admin.command('rotate-keys'))
    .description('make a new RS256 signing key current; the previous one stays published in the JWKS so tokens it signed still verify')
    .action(async (options: DatabaseOptions) => {
      const target = databaseTarget(options);
      const key = await encryptionKeyFor(options, target);
      const { current, previous } = await withDataSource(options, (ds) => rotateSigningKeys(ds, key));
      io.out(`Current signing key: ${current}${previous ? `\nPrevious (still published): ${previous}` : ''}`);
    });

  return admin;
}
