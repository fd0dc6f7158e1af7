import { Command } from 'commander';
import { adminCommand } from './commands/admin.command';
import { authCommand } from './commands/auth/auth.command';
import { eventsCommand } from './commands/events/events.command';
import { organizationsCommand } from './commands/organizations/organizations.command';
import { tokensCommand } from './commands/tokens/tokens.command';
import { webhooksCommand } from './commands/webhooks/webhooks.command';
import type { CliIo } from './cli-io';
import { cliVersion } from './cli-version';

export function buildProgram(io: CliIo): Command {
  const program = new Command('gatehouse')
    .description('Gatehouse: sign-in, tokens and webhooks for machine-learning repository hosting')
    .version(cliVersion(), '-V, --version', 'print the version')
    .showHelpAfterError()
    .configureOutput({
      writeOut: (s) => io.out(s.trimEnd()),
      writeErr: (s) => io.err(s.trimEnd()),
    });
  program.addCommand(adminCommand(io));
  program.addCommand(authCommand(io));
  program.addCommand(tokensCommand(io));
  program.addCommand(webhooksCommand(io));
  program.addCommand(eventsCommand(io));
  program.addCommand(organizationsCommand(io));
  return program;
}
