import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ZodType } from 'zod';

/**
 * What `gatehouse auth login` stores, and every command that calls the API reads (the webhooks
 * commands too). `expiresAt` is epoch milliseconds; personal access tokens have none.
 */
export interface StoredToken {
  endpoint: string;
  clientId: string;
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
  scope?: string;
}

let schema: ZodType<StoredToken> | undefined;

/** Built on first use: zod is a hundred modules, and `gatehouse --help` reads no token file. */
async function storedTokenSchema(): Promise<ZodType<StoredToken>> {
  if (schema) return schema;
  const { z } = await import('zod');
  schema = z.object({
    endpoint: z.string(),
    clientId: z.string(),
    accessToken: z.string(),
    refreshToken: z.string().optional(),
    expiresAt: z.number().optional(),
    scope: z.string().optional(),
  });
  return schema;
}

/** `$XDG_CONFIG_HOME/gatehouse/token.json`, else `~/.config/gatehouse/token.json`. */
export function tokenFilePath(
  env: Readonly<Record<string, string | undefined>>,
  homedir: string,
): string {
  const configHome =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/')
      ? env.XDG_CONFIG_HOME
      : join(homedir, '.config');
  return join(configHome, 'gatehouse', 'token.json');
}

/** The stored token, or null when there is none. A file that is not a token file is an error naming it. */
export async function readTokenFile(path: string): Promise<StoredToken | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not valid JSON; delete it and run \`gatehouse auth login\``);
  }
  const parsed = (await storedTokenSchema()).safeParse(json);
  if (!parsed.success)
    throw new Error(
      `${path} is not a Gatehouse token file; delete it and run \`gatehouse auth login\``,
    );
  return parsed.data;
}

/**
 * Writes the token readable by the owner alone (file 0600, directory 0700). The file is written
 * under a temporary name and renamed, so a reader never sees half a token and a crash never
 * leaves one behind.
 */
export async function writeTokenFile(path: string, token: StoredToken): Promise<void> {
  const directory = dirname(path);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(
    temporary,
    `${JSON.stringify((await storedTokenSchema()).parse(token), null, 2)}\n`,
    { mode: 0o600 },
  );
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

export async function deleteTokenFile(path: string): Promise<boolean> {
  try {
    await rm(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
