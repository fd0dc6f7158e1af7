import type { Command } from 'commander';
import type { CliIo } from '../../cli-io';
import { UsageError } from '../../usage.error';
import { processAuthDeps } from '../auth/auth-deps';
import { type StoredLogin, storedLogin } from '../auth/stored-login';
import type { Fetch } from '../settings-api-client';
import { type ConnectionFlags, resolveConnection } from '../webhooks/connection-options';
import { type Prompt, terminalPrompt } from '../webhooks/terminal-prompt';
import { AdminApi } from './admin-api';

/** What the admin API commands reach outside themselves; tests replace any of it. */
export interface AdminCliDeps {
  env: Readonly<Record<string, string | undefined>>;
  login: StoredLogin;
  fetch: Fetch;
  prompt: Prompt;
  /** All of standard input, for `--password-stdin`. */
  readStdin: () => Promise<string>;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function adminCliDeps(overrides: Partial<AdminCliDeps>): AdminCliDeps {
  return {
    env: process.env,
    login: storedLogin(processAuthDeps()),
    fetch: (url, init) => fetch(url, init),
    prompt: terminalPrompt,
    readStdin: readProcessStdin,
    ...overrides,
  };
}

/** The admin API with the token of the flags, the environment or the stored login. */
export async function adminApiFor(flags: ConnectionFlags, deps: AdminCliDeps): Promise<AdminApi> {
  const connection = await resolveConnection(flags, deps.env, deps.login);
  if (!connection.token)
    throw new UsageError(
      "No access token: pass --token, set GATEHOUSE_TOKEN or HF_TOKEN, or sign in with gatehouse auth login (a platform administrator's write token)",
    );
  return new AdminApi(connection.endpoint, connection.token, deps.fetch);
}

/** Writes to `io`, and makes a flag or argument commander cannot read a usage error (exit status 2). */
export function asAdminSubcommand(command: Command, io: CliIo): Command {
  return command
    .configureOutput({
      writeOut: (text) => io.out(text.trimEnd()),
      writeErr: (text) => io.err(text.trimEnd()),
    })
    .exitOverride((error) => {
      if (error.exitCode !== 0) throw new UsageError(error.message, true);
    });
}
