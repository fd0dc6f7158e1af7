import { Command, InvalidArgumentError } from 'commander';
import type { CreateAdminUserBody } from '@gatehouse/settings-api';
import type { CliIo } from '../../cli-io';
import { UsageError } from '../../usage.error';
import { type ConnectionFlags, withConnectionOptions } from '../webhooks/connection-options';
import {
  type AdminCliDeps,
  adminApiFor,
  adminCliDeps,
  asAdminSubcommand,
} from './admin-connection';
import { userLines, usersTable } from './admin-output';

type OutputFlags = ConnectionFlags & { json?: boolean };

interface CreateFlags extends OutputFlags {
  email: string;
  fullname?: string;
  passwordStdin?: boolean;
  emailConfirmed?: boolean;
}

function pageSize(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 100)
    throw new InvalidArgumentError('a whole number from 1 to 100');
  return value;
}

/** `gatehouse admin users ...`: people's accounts through the admin API (docs/admin-api.md "Users"). */
export function adminUsersCommand(io: CliIo, overrides: Partial<AdminCliDeps> = {}): Command {
  const deps = adminCliDeps(overrides);
  const output = (command: Command) =>
    withConnectionOptions(command).option('--json', 'print JSON as the API answers');
  const print = (flags: OutputFlags, value: unknown, text: () => string) =>
    io.out(flags.json ? JSON.stringify(value, null, 2) : text());

  const users = asAdminSubcommand(
    new Command('users').description(
      "people's accounts, as a platform administrator (with a platform administrator's write token)",
    ),
    io,
  );

  output(users.command('create').argument('<username>', 'letters, digits, ".", "_" and "-"'))
    .description('create an account')
    .requiredOption('--email <address>', 'its e-mail address')
    .option('--fullname <name>', 'the name shown (default: the username)')
    .option('--password-stdin', 'read its password from standard input (default: no password)')
    .option('--email-confirmed', 'mark the e-mail address confirmed')
    .action(async (username: string, flags: CreateFlags) => {
      const body: CreateAdminUserBody = {
        username,
        email: flags.email,
        ...(flags.fullname !== undefined && { fullname: flags.fullname }),
        ...(flags.emailConfirmed && { emailConfirmed: true }),
      };
      if (flags.passwordStdin) {
        const password = (await deps.readStdin()).replace(/\r?\n$/, '');
        if (password === '') throw new UsageError('--password-stdin: standard input was empty');
        body.password = password;
      }
      const created = await (await adminApiFor(flags, deps)).createUser(body);
      print(flags, created, () => `Created ${created.username} (${created.id}).`);
    });

  output(users.command('ls').alias('list'))
    .description('list accounts by username, a page at a time')
    .option('--search <text>', 'part of a username or e-mail address')
    .option('--limit <n>', 'accounts per page (1-100, default 50)', pageSize)
    .option('--after <username>', 'the page after this username (printed as "More: --after …")')
    .action(async (flags: OutputFlags & { search?: string; limit?: number; after?: string }) => {
      const page = await (await adminApiFor(flags, deps)).listUsers(flags);
      print(flags, page, () => usersTable(page));
    });

  output(users.command('info').argument('<user>', 'username, e-mail address or id'))
    .description("an account's details")
    .action(async (user: string, flags: OutputFlags) => {
      const found = await (await adminApiFor(flags, deps)).user(user);
      print(flags, found, () => userLines(found));
    });

  for (const disabled of [true, false])
    output(
      users
        .command(disabled ? 'disable' : 'enable')
        .argument('<user>', 'username, e-mail address or id'),
    )
      .description(
        disabled
          ? 'disable an account: no sign-in, and every token and session refused at once'
          : 'enable a disabled account again',
      )
      .action(async (user: string, flags: OutputFlags) => {
        const changed = await (await adminApiFor(flags, deps)).setDisabled(user, disabled);
        print(flags, changed, () => `${disabled ? 'Disabled' : 'Enabled'} ${changed.username}.`);
      });

  output(users.command('confirm-email').argument('<user>', 'username, e-mail address or id'))
    .description("mark an account's e-mail address confirmed (or, with --unset, not)")
    .option('--unset', 'mark it not confirmed')
    .action(async (user: string, flags: OutputFlags & { unset?: boolean }) => {
      const changed = await (await adminApiFor(flags, deps)).setEmailConfirmed(user, !flags.unset);
      print(
        flags,
        changed,
        () => `${changed.username}'s e-mail address is ${flags.unset ? 'not ' : ''}confirmed.`,
      );
    });

  output(users.command('end-sessions').argument('<user>', 'username, e-mail address or id'))
    .description('sign an account out everywhere: browser sessions and OAuth tokens')
    .action(async (user: string, flags: OutputFlags) => {
      const ended = await (await adminApiFor(flags, deps)).endSessions(user);
      print(
        flags,
        ended,
        () =>
          `Ended every session of ${user}: ${ended.refreshTokensRevoked} refresh and ${ended.accessTokensRevoked} access token(s) revoked.`,
      );
    });

  output(users.command('reset-factors').argument('<user>', 'username, e-mail address or id'))
    .description("remove an account's second factors and sign it out everywhere")
    .action(async (user: string, flags: OutputFlags) => {
      const reset = await (await adminApiFor(flags, deps)).resetFactors(user);
      const removed = Object.entries(reset.factorsRemoved).map(([kind, n]) => `${n} ${kind}`);
      print(
        flags,
        reset,
        () =>
          `Reset the factors of ${user} (${removed.length > 0 ? removed.join(', ') : 'none held'}) and ended every session.`,
      );
    });

  withConnectionOptions(
    users.command('delete').argument('<user>', 'username, e-mail address or id'),
  )
    .description('delete an account with its tokens, apps and memberships (asks for confirmation)')
    .option('-y, --yes', 'do not ask for confirmation (needed without a terminal, as in CI)')
    .action(async (user: string, flags: ConnectionFlags & { yes?: boolean }) => {
      if (!flags.yes && !deps.prompt.interactive())
        throw new UsageError(
          `Refusing to delete ${user} without confirmation: no terminal to ask on; pass --yes`,
        );
      if (!flags.yes && !(await deps.prompt.confirm(`Delete ${user} for good? [y/N] `))) {
        io.err('Not deleted.');
        return;
      }
      await (await adminApiFor(flags, deps)).deleteUser(user);
      io.out(`Deleted ${user}.`);
    });

  return users;
}
