import { Command, InvalidArgumentError } from 'commander';
import type { OrganizationAuditVerification } from '@gatehouse/feature-token-exchange';
import type { AuditLogPage, TokenExchangeAppView } from '@gatehouse/settings-api';
import type { CliIo } from '../../cli-io';
import { processAuthDeps } from '../auth/auth-deps';
import { type StoredLogin, storedLogin } from '../auth/stored-login';
import type { DatabaseOptions } from '../database-target';
import {
  type ConnectionFlags,
  resolveConnection,
  withConnectionOptions,
} from '../webhooks/connection-options';
import { auditVerificationReport } from './audit-verification-report';
import type { Fetch } from '../settings-api-client';
import { OrganizationApi } from './organization-api';
import { formatTokenDuration, parseTokenDuration } from './token-duration';

/** What the organization commands reach outside themselves; tests replace any of it. */
export interface OrganizationsCliDeps {
  env: Readonly<Record<string, string | undefined>>;
  login: StoredLogin;
  fetch: Fetch;
  verify: (
    options: DatabaseOptions,
    orgName: string,
  ) => Promise<OrganizationAuditVerification | null>;
}

type OutputFlags = ConnectionFlags & { json?: boolean };

/** `gatehouse orgs ...`: an organization's token-exchange settings and audit log (libs/feature-token-exchange/README.md). */
export function organizationsCommand(
  io: CliIo,
  overrides: Partial<OrganizationsCliDeps> = {},
): Command {
  const deps: OrganizationsCliDeps = {
    env: process.env,
    login: storedLogin(processAuthDeps()),
    fetch: (url, init) => fetch(url, init),
    // Loaded only when `audit verify` runs: it brings TypeORM and the entities.
    verify: async (options, orgName) =>
      (await import('./verify-audit-with-database')).verifyAuditWithDatabase(options, orgName),
    ...overrides,
  };
  const apiFor = async (flags: ConnectionFlags) => {
    const connection = await resolveConnection(flags, deps.env, deps.login);
    if (!connection.token)
      throw new Error(
        'No access token: pass --token, set GATEHOUSE_TOKEN or HF_TOKEN, or sign in with gatehouse auth login',
      );
    return new OrganizationApi(connection.endpoint, connection.token, deps.fetch);
  };
  const output = (command: Command) =>
    withConnectionOptions(command).option('--json', 'print JSON');

  const orgs = new Command('orgs')
    .alias('organizations')
    .description("an organization's token-exchange apps and audit log (for its administrators)");

  const exchange = orgs
    .command('token-exchange')
    .description('token-exchange apps bound to the organization');
  output(exchange.command('ls').argument('<org>', 'organization name'))
    .description('list the token-exchange apps and their token durations')
    .action(async (org: string, flags: OutputFlags) => {
      const api = await apiFor(flags);
      const apps = await api.listTokenExchangeApps(org);
      io.out(flags.json ? JSON.stringify(apps, null, 2) : appsTable(apps));
    });

  output(
    exchange
      .command('set-duration')
      .argument('<org>', 'organization name')
      .argument('<client-id>', "the app's client ID"),
  )
    .argument(
      '<duration>',
      'lifetime of exchanged tokens: seconds, or 30m, 8h, 30d (5 minutes to 30 days)',
      parseTokenDuration,
    )
    .description('set how long the tokens this app exchanges last')
    .action(async (org: string, clientId: string, seconds: number, flags: OutputFlags) => {
      const api = await apiFor(flags);
      const app = await api.setTokenDuration(org, clientId, seconds);
      io.out(
        flags.json
          ? JSON.stringify(app, null, 2)
          : `Tokens exchanged by ${app.clientId} now last ${formatTokenDuration(app.tokenDurationSeconds)}.`,
      );
    });

  output(
    exchange
      .command('refresh-secret')
      .argument('<org>', 'organization name')
      .argument('<client-id>', "the app's client ID"),
  )
    .description('replace the client secret of the app (the old one stops working at once)')
    .action(async (org: string, clientId: string, flags: OutputFlags) => {
      const api = await apiFor(flags);
      const refreshed = await api.refreshClientSecret(org, clientId);
      io.out(
        flags.json
          ? JSON.stringify(refreshed, null, 2)
          : `New client secret of ${refreshed.clientId} (shown once, store it now):\n${refreshed.clientSecret}`,
      );
    });

  const audit = orgs.command('audit').description("the organization's audit log");
  output(audit.command('log').argument('<org>', 'organization name'))
    .description('show audit entries, newest first')
    .option('--action <action>', 'only this action, e.g. oauth.token_exchange')
    .option('--limit <n>', 'entries per page (1-200)', positiveInteger)
    .option('--cursor <cursor>', 'the next-page cursor a previous call printed')
    .action(
      async (
        org: string,
        flags: OutputFlags & { action?: string; limit?: number; cursor?: string },
      ) => {
        const api = await apiFor(flags);
        const page = await api.auditLog(org, {
          action: flags.action,
          limit: flags.limit,
          cursor: flags.cursor,
        });
        io.out(flags.json ? JSON.stringify(page, null, 2) : auditTable(page));
      },
    );

  audit
    .command('verify')
    .argument('<org>', 'organization name')
    .option('--database-url <url>', 'PostgreSQL URL (default: $DATABASE_URL)')
    .option(
      '--data-dir <dir>',
      'all-in-one data directory when no database URL is given (default: $GATEHOUSE_DATA_DIR or ./.gatehouse)',
    )
    .description(
      "check the organization's audit hash chain, its seals and its sealed head in the database (needs $GATEHOUSE_ENCRYPTION_KEY, or the all-in-one data directory) and name the first broken link (exit code 1)",
    )
    .action(async (org: string, options: DatabaseOptions) => {
      io.out(auditVerificationReport(org, await deps.verify(options, org)));
    });

  return orgs;
}

function positiveInteger(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1)
    throw new InvalidArgumentError('Give a whole number of at least 1.');
  return value;
}

function appsTable(apps: TokenExchangeAppView[]): string {
  if (apps.length === 0) return 'No token-exchange apps.';
  return table(
    ['CLIENT ID', 'NAME', 'TOKEN DURATION', 'SECRET', 'SCOPES'],
    apps.map((app) => [
      app.clientId,
      app.name,
      formatTokenDuration(app.tokenDurationSeconds),
      app.hasClientSecret ? 'yes' : 'no',
      app.scopes.join(' '),
    ]),
  );
}

function auditTable(page: AuditLogPage): string {
  if (page.entries.length === 0) return 'No audit entries.';
  const rows = page.entries.map((entry) => [
    String(entry.seq),
    entry.createdAt,
    entry.action,
    entry.outcome === 'success' ? 'success' : `failure (${entry.errorCode ?? '?'})`,
    entry.clientId ?? '',
    entry.subject ?? '',
  ]);
  const lines = [table(['SEQ', 'TIME', 'ACTION', 'OUTCOME', 'CLIENT', 'SUBJECT'], rows)];
  if (page.nextCursor) lines.push(`More: --cursor ${page.nextCursor}`);
  return lines.join('\n');
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
