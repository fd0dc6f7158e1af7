import {
  AccessDeniedError,
  deviceLogin,
  type DeviceCodePrompt,
  ExpiredTokenError,
  GatehouseClient,
  UnauthorizedError,
} from '@gatehouse/sdk';
import type { CliIo } from '../../cli-io';
import type { AuthDeps } from './auth-deps';
import { resolveEndpoint } from './session';
import { Spinner } from './spinner';
import { StoredToken, tokenFilePath, writeTokenFile } from './token-file';

/** The demo seed's public app for this tool (libs/persistence/seed/demo.yaml). */
export const DEFAULT_CLI_CLIENT_ID = 'gatehouse-cli';

export interface LoginOptions {
  endpoint?: string;
  clientId: string;
  /** Space-separated scopes; the app's own when omitted. */
  scope?: string;
  /** A personal access token to store instead of signing in through the browser. */
  token?: string;
  /** `--no-browser`: never open a browser. */
  browser: boolean;
}

/**
 * `gatehouse auth login`: the device flow (RFC 8628) through the SDK, or `--token` to store a
 * personal access token. Either way the token is checked with whoami before it is saved.
 */
export async function login(options: LoginOptions, io: CliIo, deps: AuthDeps): Promise<void> {
  const endpoint = resolveEndpoint(options.endpoint, deps);
  const stored = options.token
    ? personalToken(endpoint, options)
    : await withDeviceFlow(endpoint, options, io, deps);
  const me = await whoamiWith(endpoint, stored.accessToken, deps);
  await writeTokenFile(tokenFilePath(deps.env, deps.homedir), stored);
  io.out(`Logged in to ${endpoint} as ${me}.`);
}

function personalToken(endpoint: string, options: LoginOptions): StoredToken {
  const token = options.token!.trim();
  if (!token.startsWith('hf_')) throw new Error('A personal access token starts with hf_.');
  return { endpoint, clientId: options.clientId, accessToken: token };
}

async function withDeviceFlow(
  endpoint: string,
  options: LoginOptions,
  io: CliIo,
  deps: AuthDeps,
): Promise<StoredToken> {
  const spinner = new Spinner(deps.spinnerStream);
  try {
    const tokens = await deviceLogin({
      endpoint,
      clientId: options.clientId,
      scopes: options.scope ? options.scope.split(/\s+/).filter(Boolean) : undefined,
      fetch: deps.fetch,
      now: deps.now,
      signal: deps.signal,
      sleep: deps.sleep,
      onCode: async (prompt) => {
        showCode(prompt, io);
        if (
          options.browser &&
          deps.canOpenBrowser() &&
          (await deps.openBrowser(prompt.verificationUriComplete))
        ) {
          io.out('A browser window was opened for you.');
        }
        spinner.start('Waiting for you to approve the sign-in in the browser...');
      },
    });
    return {
      endpoint,
      clientId: options.clientId,
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken !== undefined && { refreshToken: tokens.refreshToken }),
      ...(tokens.expiresAt !== undefined && { expiresAt: tokens.expiresAt }),
      ...(tokens.scope !== undefined && { scope: tokens.scope }),
    };
  } catch (error) {
    if (error instanceof AccessDeniedError)
      throw new Error('The sign-in was denied in the browser.');
    if (error instanceof ExpiredTokenError)
      throw new Error(
        'The code expired before the sign-in was approved. Run `gatehouse auth login` again.',
      );
    throw error;
  } finally {
    spinner.stop();
  }
}

function showCode(prompt: DeviceCodePrompt, io: CliIo): void {
  const minutes = Math.max(1, Math.round(prompt.expiresIn / 60));
  io.out('To sign in, open this page in a browser (on any device):');
  io.out(`  ${prompt.verificationUriComplete}`);
  io.out(`and check that it shows this code: ${prompt.userCode}`);
  io.out(`The code expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** The user's name for `token`, or a clear error when the server does not accept it. */
async function whoamiWith(endpoint: string, token: string, deps: AuthDeps): Promise<string> {
  try {
    const me = await new GatehouseClient({ endpoint, token, fetch: deps.fetch, env: {} }).whoami();
    return me.name;
  } catch (error) {
    if (error instanceof UnauthorizedError)
      throw new Error('The server did not accept this token.');
    throw error;
  }
}
