import { Command, Option } from 'commander';
import type { AdminOrgRole } from '@gatehouse/settings-api';
import type { CliIo } from '../../cli-io';
import { type ConnectionFlags, withConnectionOptions } from '../webhooks/connection-options';
import {
  type AdminCliDeps,
  adminApiFor,
  adminCliDeps,
  asAdminSubcommand,
} from './admin-connection';
import { membersTable } from './admin-output';

type OutputFlags = ConnectionFlags & { json?: boolean };

const ROLES: readonly AdminOrgRole[] = ['admin', 'write', 'contributor', 'read'];
const PLANS = ['free', 'team', 'enterprise'] as const;

/** `gatehouse admin orgs ...`: organizations and their members through the admin API (docs/admin-api.md "Organizations"). */
export function adminOrgsCommand(io: CliIo, overrides: Partial<AdminCliDeps> = {}): Command {
  const deps = adminCliDeps(overrides);
  const output = (command: Command) =>
    withConnectionOptions(command).option('--json', 'print JSON as the API answers');
  const role = () => new Option('--role <role>', 'the member’s role').choices(ROLES);

  const orgs = asAdminSubcommand(
    new Command('orgs')
      .alias('organizations')
      .description(
        "organizations and their members, as a platform administrator (with a platform administrator's write token)",
      ),
    io,
  );

  output(orgs.command('create').argument('<name>', 'letters, digits, ".", "_" and "-"'))
    .description('create an organization')
    .option('--fullname <name>', 'the name shown (default: the name)')
    .addOption(new Option('--plan <plan>', 'its plan (default: free)').choices(PLANS))
    .option('--admin <user>', 'its first administrator')
    .action(
      async (
        name: string,
        flags: OutputFlags & {
          fullname?: string;
          plan?: (typeof PLANS)[number];
          admin?: string;
        },
      ) => {
        const created = await (
          await adminApiFor(flags, deps)
        ).createOrganization({
          name,
          ...(flags.fullname !== undefined && { fullname: flags.fullname }),
          ...(flags.plan !== undefined && { plan: flags.plan }),
          ...(flags.admin !== undefined && { admin: flags.admin }),
        });
        io.out(
          flags.json
            ? JSON.stringify(created, null, 2)
            : `Created ${created.name} (${created.id}, ${created.plan}).`,
        );
      },
    );

  output(orgs.command('members').argument('<org>', 'organization name'))
    .description("an organization's members and their roles")
    .action(async (org: string, flags: OutputFlags) => {
      const members = await (await adminApiFor(flags, deps)).members(org);
      io.out(flags.json ? JSON.stringify(members, null, 2) : membersTable(members));
    });

  output(
    orgs
      .command('add-member')
      .argument('<org>', 'organization name')
      .argument('<user>', 'username, e-mail address or id'),
  )
    .description('add a user to an organization')
    .addOption(role().makeOptionMandatory())
    .action(async (org: string, user: string, flags: OutputFlags & { role: AdminOrgRole }) => {
      const members = await (await adminApiFor(flags, deps)).addMember(org, user, flags.role);
      io.out(flags.json ? JSON.stringify(members, null, 2) : membersTable(members));
    });

  output(
    orgs
      .command('set-role')
      .argument('<org>', 'organization name')
      .argument('<user>', 'username, e-mail address or id'),
  )
    .description("change a member's role (an organization keeps one administrator at least)")
    .addOption(role().makeOptionMandatory())
    .action(async (org: string, user: string, flags: OutputFlags & { role: AdminOrgRole }) => {
      const members = await (await adminApiFor(flags, deps)).setRole(org, user, flags.role);
      io.out(flags.json ? JSON.stringify(members, null, 2) : membersTable(members));
    });

  withConnectionOptions(
    orgs
      .command('remove-member')
      .argument('<org>', 'organization name')
      .argument('<user>', 'username, e-mail address or id'),
  )
    .description('remove a member from an organization')
    .action(async (org: string, user: string, flags: ConnectionFlags) => {
      await (await adminApiFor(flags, deps)).removeMember(org, user);
      io.out(`Removed ${user} from ${org}.`);
    });

  return orgs;
}
