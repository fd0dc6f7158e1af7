import { Command, Option } from 'commander';
import type { PersonalTokenView } from '@gatehouse/settings-api';
import type { CliIo } from '../../cli-io';
import { UsageError } from '../../usage.error';
import { processAuthDeps } from '../auth/auth-deps';
import { type StoredLogin, storedLogin } from '../auth/stored-login';
import type { Fetch } from '../settings-api-client';
import {
  type ConnectionFlags,
  resolveConnection,
  withConnectionOptions,
} from '../webhooks/connection-options';
import { type Prompt, terminalPrompt } from '../webhooks/terminal-prompt';
import { PersonalTokensApi } from './personal-tokens-api';
import {
  CLI_ROLES,
  type CreateFlags,
  createBodyOf,
  parsePermission,
  parseScope,
} from './token-arguments';
import { tokenLabel, tokensTable } from './token-output';

/** What the tokens commands reach outside themselves; tests replace any of it. */
export interface TokensCliDeps {
  env: Readonly<Record<string, string | undefined>>;
  login: StoredLogin;
  fetch: Fetch;
  prompt: Prompt;
  /** Today as `YYYY-MM-DD` (UTC), for `--expires <date>`. */
  today: () => string;
}

type OutputFlags = ConnectionFlags & { json?: boolean; quiet?: boolean };

function collect<T>(parse: (text: string) => T) {
  return (text: string, previous: T[] = []): T[] => [...previous, parse(text)];
}

/**
 * A token named on the command line: its id, or its name when one token alone has it. Names are
 * not unique, so an ambiguous one is refused with the ids to choose from.
 */
function pick(tokens: PersonalTokenView[], idOrName: string): PersonalTokenView {
  const byId = tokens.find((token) => token.id === idOrName);
  if (byId) return byId;
  const named = tokens.filter((token) => token.name === idOrName);
  if (named.length === 1) return named[0]!;
  if (named.length > 1)
    throw new UsageError(
      `${named.length} tokens are named “${idOrName}”: give the id of one (${named
        .map((token) => `${token.id} ${token.preview ?? ''}`.trim())
        .join(', ')})`,
    );
  throw new Error(`No access token has the id or name “${idOrName}” (see gatehouse tokens list)`);
}

/** `gatehouse tokens ...`: your personal access tokens (docs/settings-api.md "Access tokens"). */
export function tokensCommand(io: CliIo, overrides: Partial<TokensCliDeps> = {}): Command {
  const deps: TokensCliDeps = {
    env: process.env,
    login: storedLogin(processAuthDeps()),
    fetch: (url, init) => fetch(url, init),
    prompt: terminalPrompt,
    today: () => new Date().toISOString().slice(0, 10),
    ...overrides,
  };
  const apiFor = async (flags: ConnectionFlags) => {
    const connection = await resolveConnection(flags, deps.env, deps.login);
    if (!connection.token)
      throw new UsageError(
        'No access token: pass --token, set GATEHOUSE_TOKEN or HF_TOKEN, or sign in with gatehouse auth login',
      );
    return new PersonalTokensApi(connection.endpoint, connection.token, deps.fetch);
  };
  const output = (command: Command) =>
    withConnectionOptions(command).option('--json', 'print JSON as the API answers');

  const tokens = new Command('tokens')
    .description('your personal access tokens: list, create (fine-grained too), refresh and revoke')
    .configureOutput({
      writeOut: (text) => io.out(text.trimEnd()),
      writeErr: (text) => io.err(text.trimEnd()),
    })
    // A flag the CLI cannot read is a usage error: exit status 2, its message already printed.
    .exitOverride((error) => {
      if (error.exitCode !== 0) throw new UsageError(error.message, true);
    });

  output(tokens.command('list').alias('ls'))
    .description('list your tokens: id, name, role, preview, last use and expiry')
    .action(async (flags: OutputFlags) => {
      const api = await apiFor(flags);
      const list = await api.list();
      io.out(flags.json ? JSON.stringify(list, null, 2) : tokensTable(list));
    });

  output(tokens.command('create'))
    .description(
      'create a token and print its value, this once (fine-grained when given --permission or --scope)',
    )
    .requiredOption('--name <name>', 'what the token is for (1-100 characters)')
    .addOption(
      new Option(
        '--role <role>',
        'read, write or fine-grained (default: read, or fine-grained with permissions)',
      ).choices(CLI_ROLES),
    )
    .option(
      '--permission <perm>',
      "a permission on everything your account reaches (the grant's global), e.g. repo.content.read (repeatable)",
      collect(parsePermission),
      [],
    )
    .option(
      '--scope <type:name=perms>',
      'permissions on an organization or repository, e.g. org:acme=repo.content.read,repo.write or model:acme/bert=repo.write (repeatable)',
      collect(parseScope),
      [],
    )
    .option('--read-gated-repos', 'read the public gated repositories you were granted')
    .option('--expires <when>', '7d, 30d, 90d, a date (YYYY-MM-DD) or never', '30d')
    .option('-q, --quiet', 'print the token value alone, for scripts to capture')
    .action(async (flags: OutputFlags & CreateFlags) => {
      const body = createBodyOf(flags, deps.today());
      const api = await apiFor(flags);
      const created = await api.create(body);
      if (flags.quiet) io.out(created.token);
      else if (flags.json) io.out(JSON.stringify(created, null, 2));
      else
        io.out(
          [
            `Created ${tokenLabel(created)}, id ${created.id}, expires ${created.expiresAt ?? 'never'}.`,
            'Its value, shown this once (store it now):',
            created.token,
          ].join('\n'),
        );
    });

  output(tokens.command('refresh').argument('<id-or-name>', 'the token, by id or unique name'))
    .description(
      'invalidate a token and print its new value (same name and permissions), this once',
    )
    .option('-q, --quiet', 'print the new value alone, for scripts to capture')
    .action(async (idOrName: string, flags: OutputFlags) => {
      const api = await apiFor(flags);
      const token = pick(await api.list(), idOrName);
      const refreshed = await api.refresh(token.id);
      if (flags.quiet) io.out(refreshed.token);
      else if (flags.json) io.out(JSON.stringify(refreshed, null, 2));
      else
        io.out(
          [
            `Refreshed ${tokenLabel(refreshed)}: the old value no longer works.`,
            'Its new value, shown this once (store it now):',
            refreshed.token,
          ].join('\n'),
        );
    });

  withConnectionOptions(
    tokens.command('revoke').argument('<id-or-name>', 'the token, by id or unique name'),
  )
    .description('delete a token for good: it stops working at once (asks for confirmation)')
    .option('-y, --yes', 'do not ask for confirmation (needed without a terminal, as in CI)')
    .action(async (idOrName: string, flags: ConnectionFlags & { yes?: boolean }) => {
      if (!flags.yes && !deps.prompt.interactive())
        throw new UsageError(
          `Refusing to revoke “${idOrName}” without confirmation: no terminal to ask on; pass --yes`,
        );
      const api = await apiFor(flags);
      const token = pick(await api.list(), idOrName);
      if (
        !flags.yes &&
        !(await deps.prompt.confirm(
          `Revoke ${tokenLabel(token)}? Anything using it stops working. [y/N] `,
        ))
      ) {
        io.err('Not revoked.');
        return;
      }
      await api.delete(token.id);
      io.out(`Revoked ${tokenLabel(token)}.`);
    });

  return tokens;
}
