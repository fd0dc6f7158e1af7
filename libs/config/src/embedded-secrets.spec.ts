import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './config.error';
import {
  ENCRYPTION_KEY_FILE,
  INTERNAL_TOKEN_FILE,
  resolveEmbeddedSecrets,
} from './embedded-secrets';

describe('resolveEmbeddedSecrets', () => {
  let root: string;
  let dataDir: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'gatehouse-secrets-'));
    dataDir = join(root, 'nested', '.gatehouse');
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('generates both secrets on first start into owner-only files, and keeps them', async () => {
    const first = await resolveEmbeddedSecrets(dataDir);
    expect(Buffer.from(first.encryptionKey, 'base64')).toHaveLength(32);
    expect(first.encryptionKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(first.internalToken.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(join(dataDir, ENCRYPTION_KEY_FILE), 'utf8')).trim()).toBe(
      first.encryptionKey,
    );
    expect((await readFile(join(dataDir, INTERNAL_TOKEN_FILE), 'utf8')).trim()).toBe(
      first.internalToken,
    );
    expect((await stat(join(dataDir, ENCRYPTION_KEY_FILE))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, INTERNAL_TOKEN_FILE))).mode & 0o777).toBe(0o600);
    expect(await resolveEmbeddedSecrets(dataDir)).toEqual(first);
    expect((await readdir(dataDir)).sort()).toEqual([ENCRYPTION_KEY_FILE, INTERNAL_TOKEN_FILE]);
  });

  it('uses configured values and writes no file for them', async () => {
    const encryptionKey = Buffer.alloc(32, 3).toString('base64');
    const secrets = await resolveEmbeddedSecrets(dataDir, { encryptionKey });
    expect(secrets.encryptionKey).toBe(encryptionKey);
    expect(await readdir(dataDir)).toEqual([INTERNAL_TOKEN_FILE]);
  });

  it('agrees on one value when several starts race', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => resolveEmbeddedSecrets(dataDir)),
    );
    expect(new Set(results.map((secrets) => secrets.encryptionKey)).size).toBe(1);
    expect(new Set(results.map((secrets) => secrets.internalToken)).size).toBe(1);
    expect((await readdir(dataDir)).sort()).toEqual([ENCRYPTION_KEY_FILE, INTERNAL_TOKEN_FILE]);
  });

  it('tightens a kept file that others could read', async () => {
    await resolveEmbeddedSecrets(dataDir);
    await chmod(join(dataDir, ENCRYPTION_KEY_FILE), 0o644);
    await resolveEmbeddedSecrets(dataDir);
    expect((await stat(join(dataDir, ENCRYPTION_KEY_FILE))).mode & 0o777).toBe(0o600);
  });

  it('refuses a kept key that is unusable, naming the variable and the file', async () => {
    await resolveEmbeddedSecrets(dataDir);
    const path = join(dataDir, ENCRYPTION_KEY_FILE);
    await writeFile(path, 'not-a-key\n');
    await expect(resolveEmbeddedSecrets(dataDir)).rejects.toThrow(ConfigError);
    await expect(resolveEmbeddedSecrets(dataDir)).rejects.toThrow(
      `Invalid configuration: GATEHOUSE_ENCRYPTION_KEY: the kept value in ${path} is unusable; delete the file or set GATEHOUSE_ENCRYPTION_KEY`,
    );
  });
});
