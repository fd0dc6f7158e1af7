import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './config.error';
import { encryptionKeyRing, bearerSecret } from './env-fields';
import type { SecretsConfig } from './sections/secrets.section';

export const ENCRYPTION_KEY_FILE = 'encryption.key';
export const INTERNAL_TOKEN_FILE = 'internal.token';

const OWNER_ONLY_FILE = 0o600;
const OWNER_ONLY_DIRECTORY = 0o700;

/**
 * The all-in-one's secrets: configured values win; otherwise each is generated on first start and
 * kept in a file under `dataDir` readable by the owner only, so restarts can still open what was
 * encrypted before. Concurrent first starts agree on one value (exclusive create).
 */
export async function resolveEmbeddedSecrets(
  dataDir: string,
  configured: Partial<SecretsConfig> = {},
): Promise<SecretsConfig> {
  await mkdir(dataDir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  const encryptionKey =
    configured.encryptionKey ??
    (await keptSecret(
      join(dataDir, ENCRYPTION_KEY_FILE),
      'GATEHOUSE_ENCRYPTION_KEY',
      encryptionKeyRing,
      () => randomBytes(32).toString('base64'),
    ));
  const internalToken =
    configured.internalToken ??
    (await keptSecret(
      join(dataDir, INTERNAL_TOKEN_FILE),
      'GATEHOUSE_INTERNAL_TOKEN',
      bearerSecret,
      () => randomBytes(32).toString('base64url'),
    ));
  return { encryptionKey, internalToken };
}

interface SecretSchema {
  safeParse(raw: string): { success: boolean };
}

async function keptSecret(
  path: string,
  variable: string,
  schema: SecretSchema,
  generate: () => string,
): Promise<string> {
  // Written aside then hard-linked into place: the link either wins whole or finds another start's file.
  const draft = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(draft, `${generate()}\n`, { flag: 'wx', mode: OWNER_ONLY_FILE });
  try {
    await link(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  // A file put there by hand may be readable by others.
  if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, OWNER_ONLY_FILE);
  const value = (await readFile(path, 'utf8')).trim();
  if (!schema.safeParse(value).success) {
    throw new ConfigError([
      {
        variable,
        reason: `the kept value in ${path} is unusable; delete the file or set ${variable}`,
      },
    ]);
  }
  return value;
}
