import { Command } from 'commander';
import type { DatabaseOptions } from './database-target';
import type { CliIo } from '../cli-io';
import { adminOrgsCommand } from './admin/admin-orgs.command';
import { adminUsersCommand } from './admin/admin-users.command';

function databaseOptions(command: Command): Command {
  return command
    .option('--database-url <url>', 'PostgreSQL URL (default: $DATABASE_URL)')
    .option(
      '--data-dir <dir>',
      'all-in-one data directory when no database URL is given (default: $GATEHOUSE_DATA_DIR or ./.gatehouse)',
    );
}

const actions = () => import('./admin.action');

/**
 * `gatehouse admin ...`: operator commands that act on the database directly, and `users` and
 * `orgs`, which call the admin API with a platform administrator's token.
 */
export function adminCommand(io: CliIo): Command {
  const admin = new Command('admin').description(
    'operate a Gatehouse database (migrations, seed data), and its accounts through the admin API',
  );
  admin.addCommand(adminUsersCommand(io));
  admin.addCommand(adminOrgsCommand(io));

  databaseOptions(admin.command('migrate'))
    .description(
      'apply pending schema migrations (the distributed services never migrate themselves)',
    )
    .action(async (options: DatabaseOptions) => {
      const applied = await (await actions()).migrate(options);
      io.out(
        applied.length === 0
          ? 'Schema is up to date.'
          : `Applied ${applied.length} migration(s):\n${applied.map((m) => `  ${m}`).join('\n')}`,
      );
    });

  databaseOptions(
    admin.command('seed').argument('<file>', 'seed file (YAML or JSON; schema in the README)'),
  )
    .description(
      'create or update the users, organizations, apps, tokens, jobs and trusted publishers a seed file declares; applying it twice changes nothing',
    )
    .action(async (file: string, options: DatabaseOptions) => {
      const report = await (await actions()).seed(file, options);
      io.out(JSON.stringify(report, null, 2));
    });

  databaseOptions(admin.command('rotate-keys'))
    .description(
      'make a new RS256 signing key current; the previous one stays published in the JWKS so tokens it signed still verify',
    )
    .action(async (options: DatabaseOptions) => {
      const { current, previous } = await (await actions()).rotateKeys(options);
      io.out(
        `Current signing key: ${current}${previous ? `\nPrevious (still published): ${previous}` : ''}`,
      );
    });

  databaseOptions(admin.command('reencrypt'))
    .description(
      "rewrite every stored secret sealed with an older key of GATEHOUSE_ENCRYPTION_KEY's key ring with its newest key, so the older keys can leave the ring; safe while the services run, and a second run rewrites nothing",
    )
    .action(async (options: DatabaseOptions) => {
      const { sealingKey, report } = await (
        await actions()
      ).reencrypt(options, (progress) =>
        io.err(
          `${progress.table}: ${progress.examined}/${progress.total} rows looked at, ${progress.rewritten} rewritten`,
        ),
      );
      const lines = Object.entries(report).map(
        ([table, { examined, rewritten }]) =>
          `  ${table}: ${rewritten} of ${examined} rows rewritten`,
      );
      io.out(
        [`Every secret is now sealed with key ${sealingKey ?? '(unnamed)'}.`, ...lines].join('\n'),
      );
    });

  return admin;
}
