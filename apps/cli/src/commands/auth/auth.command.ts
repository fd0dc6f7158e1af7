import { Command, Option } from 'commander';
import type { CliIo } from '../../cli-io';
import { AuthDeps, processAuthDeps } from './auth-deps';
import { DEFAULT_CLI_CLIENT_ID, login } from './login.action';
import { logout } from './logout.action';
import { printToken } from './token.action';
import { whoami } from './whoami.action';

const endpointOption = () =>
  new Option(
    '--endpoint <url>',
    'Gatehouse base URL (default: $GATEHOUSE_ENDPOINT, else the one logged in to)',
  );

/** `gatehouse auth login|whoami|logout|token`. `deps` defaults to the real process (tests pass fakes). */
export function authCommand(io: CliIo, deps: () => AuthDeps = processAuthDeps): Command {
  const auth = new Command('auth').description(
    'sign in to Gatehouse from this machine, and use the stored token',
  );

  auth
    .command('login')
    .description(
      'sign in with the device code flow (or store a personal access token with --token)',
    )
    .addOption(new Option('--endpoint <url>', 'Gatehouse base URL (default: $GATEHOUSE_ENDPOINT)'))
    .option('--client-id <id>', 'OAuth app to sign in with', DEFAULT_CLI_CLIENT_ID)
    .option('--scope <scopes>', "space-separated scopes (default: the app's scopes)")
    .option(
      '--token <token>',
      'store this personal access token (hf_...) instead of signing in in a browser',
    )
    .option('--no-browser', 'never open a browser, only print the URL and code')
    .action(
      (options: {
        endpoint?: string;
        clientId: string;
        scope?: string;
        token?: string;
        browser: boolean;
      }) => withInterrupt(deps(), (d) => login(options, io, d)),
    );

  auth
    .command('whoami')
    .description('show who the stored token belongs to')
    .addOption(endpointOption())
    .action((options: { endpoint?: string }) => whoami(options, io, deps()));

  auth
    .command('token')
    .description('print the access token, refreshed first when close to expiry')
    .addOption(endpointOption())
    .action((options: { endpoint?: string }) => printToken(options, io, deps()));

  auth
    .command('logout')
    .description('revoke the stored token and delete it')
    .action(() => logout(io, deps()));

  return auth;
}

/** Ctrl-C while waiting for approval ends the login cleanly (exit 130), spinner erased. */
async function withInterrupt(
  deps: AuthDeps,
  work: (deps: AuthDeps) => Promise<void>,
): Promise<void> {
  if (deps.signal) return work(deps);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort(new Error('Login cancelled.'));
  process.once('SIGINT', onInterrupt);
  try {
    await work({ ...deps, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) {
      process.exitCode = 130;
      throw controller.signal.reason;
    }
    throw error;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}
