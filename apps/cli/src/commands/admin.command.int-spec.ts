import { SecretBox } from '@gatehouse/crypto';
import { totpSecretContext, webhookSecretContext } from '@gatehouse/domain';
import { jobSecretContext } from '@gatehouse/persistence/testing';
import { createTestDatabase, dropTestDatabase, TestDatabase } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildProgram } from '../program';

const DEMO_SEED = join(__dirname, '../../../../libs/persistence/seed/demo.yaml');

describe('gatehouse admin, against PostgreSQL', () => {
  let database: TestDatabase;
  const out: string[] = [];
  const run = (...args: string[]) =>
    buildProgram({ out: (text) => out.push(text), err: (text) => out.push(text) }).parseAsync([
      'node',
      'gatehouse',
      'admin',
      ...args,
      '--database-url',
      database.url,
    ]);
  const query = async (sql: string) => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    process.env.GATEHOUSE_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  });

  afterAll(async () => {
    delete process.env.GATEHOUSE_ENCRYPTION_KEY;
    await dropTestDatabase(database.name);
  });

  beforeEach(() => out.splice(0));

  it('migrates, and a second run has nothing to do', async () => {
    await run('migrate');
    expect(out.join('\n')).toMatch(/^Applied \d+ migration\(s\):/);
    out.splice(0);
    await run('migrate');
    expect(out).toEqual(['Schema is up to date.']);
  });

  it('applies a seed, and applying it again changes nothing', async () => {
    await run('seed', DEMO_SEED);
    const first = JSON.parse(out.join('')) as Record<string, { created: number; updated: number }>;
    expect(first.users).toMatchObject({ created: 2, updated: 0 });
    out.splice(0);
    await run('seed', DEMO_SEED);
    const second = JSON.parse(out.join('')) as Record<
      string,
      { created: number; updated: number; unchanged: number }
    >;
    expect(second.users).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await query('SELECT username FROM users ORDER BY username')).toEqual([
      { username: 'alice' },
      { username: 'bob' },
    ]);
  });

  it('rotates the signing key, keeping the previous one published', async () => {
    await run('rotate-keys');
    await run('rotate-keys');
    const [, second] = out;
    const current = /Current signing key: (\S+)/.exec(second)![1];
    const previous = /Previous \(still published\): (\S+)/.exec(second)![1];
    expect(
      await query(
        "SELECT kid, status FROM signing_keys WHERE status IN ('current', 'previous') ORDER BY status",
      ),
    ).toEqual([
      { kid: current, status: 'current' },
      { kid: previous, status: 'previous' },
    ]);
  });

  it('re-seals every stored secret with the newest key of the ring, and a second run rewrites nothing', async () => {
    const oldKey = process.env.GATEHOUSE_ENCRYPTION_KEY!;
    const newKey = randomBytes(32).toString('base64');
    const [alice] = await query("SELECT id FROM users WHERE username = 'alice'");
    const webhookId = 'ab'.repeat(12);
    const legacy = SecretBox.fromBase64Key(oldKey);
    const sealedSecret = legacy.encrypt('whsec_rotation', webhookSecretContext(webhookId));
    await query(
      `INSERT INTO webhooks (id, owner_user_id, url, secret_encrypted, job_secrets_encrypted)
       VALUES ('${webhookId}', '${alice.id}', 'https://receiver.example/hook', '${sealedSecret}', '{}')`,
    );
    const sealedTotp = legacy.encrypt('JBSWY3DPEHPK3PXP', totpSecretContext(alice.id));
    await query(
      `INSERT INTO totp_factors (user_id, secret_encrypted, confirmed_at)
       VALUES ('${alice.id}', '${sealedTotp}', now())`,
    );
    process.env.GATEHOUSE_ENCRYPTION_KEY = `k2:${newKey},${oldKey}`;
    try {
      await run('reencrypt');
      expect(out.at(-1)).toMatch(/^Every secret is now sealed with key k2\.\n/);
      expect(out.at(-1)).toContain('  webhooks: 1 of 1 rows rewritten');
      expect(out.at(-1)).toMatch(/ {2}signing_keys: (\d+) of \1 rows rewritten/);
      expect(out.at(-1)).toContain('  jobs: 1 of 1 rows rewritten');
      expect(out.at(-1)).toContain('  totp_factors: 1 of 1 rows rewritten');
      expect(out).toEqual(expect.arrayContaining(['jobs: 1/1 rows looked at, 1 rewritten']));

      const onlyNew = SecretBox.fromKeyRing(`k2:${newKey}`);
      const [webhook] = await query(
        `SELECT secret_encrypted FROM webhooks WHERE id = '${webhookId}'`,
      );
      expect(onlyNew.decrypt(webhook.secret_encrypted, webhookSecretContext(webhookId))).toBe(
        'whsec_rotation',
      );
      const [job] = await query('SELECT id, secrets_encrypted FROM jobs');
      expect(
        onlyNew.decrypt(
          job.secrets_encrypted.DEMO_API_KEY,
          jobSecretContext(job.id, 'DEMO_API_KEY'),
        ),
      ).toBe('demo-job-secret');
      const [totp] = await query(
        `SELECT secret_encrypted FROM totp_factors WHERE user_id = '${alice.id}'`,
      );
      expect(onlyNew.decrypt(totp.secret_encrypted, totpSecretContext(alice.id))).toBe(
        'JBSWY3DPEHPK3PXP',
      );
      for (const key of await query('SELECT kid, private_jwk_encrypted FROM signing_keys'))
        expect(JSON.parse(onlyNew.decrypt(key.private_jwk_encrypted, key.kid))).toMatchObject({
          kty: 'RSA',
        });

      out.splice(0);
      await run('reencrypt');
      expect(out.at(-1)).toMatch(/ {2}webhooks: 0 of 1 rows rewritten/);
      expect(out.at(-1)).toMatch(/ {2}jobs: 0 of 1 rows rewritten/);
      expect(out.at(-1)).toMatch(/ {2}totp_factors: 0 of 1 rows rewritten/);
    } finally {
      process.env.GATEHOUSE_ENCRYPTION_KEY = oldKey;
    }
  });

  it('stops, naming the row, at a secret no key of the ring opens', async () => {
    const previous = process.env.GATEHOUSE_ENCRYPTION_KEY;
    process.env.GATEHOUSE_ENCRYPTION_KEY = `k3:${randomBytes(32).toString('base64')}`;
    try {
      await expect(run('reencrypt')).rejects.toThrow(
        /^signing_keys kid=\S+: sealed with key k2, which is not in the key ring$/,
      );
    } finally {
      process.env.GATEHOUSE_ENCRYPTION_KEY = previous;
    }
  });
});
