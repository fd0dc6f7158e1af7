import { webhookSecretContext } from '@gatehouse/domain';
import type { JobSpecRecord, WatchedItem } from '@gatehouse/domain';
import { SecretBox } from '@gatehouse/crypto';
import { jobSecretContext } from '@gatehouse/persistence/testing';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** Accounts of the integration tests: alice belongs to acme, bob to nothing. */
export const ALICE = '65a000000000000000000001';
export const BOB = '65a000000000000000000002';
export const ACME = '65b000000000000000000001';

export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** Alice, Bob and Acme (Alice a member); a second call leaves them as they are. */
export async function seedAccounts(ds: DataSource): Promise<void> {
  await ds.query(
    `INSERT INTO users (id, username, email, fullname, password_hash) VALUES
       ($1, 'alice', 'alice@example.com', 'Alice', 'x'), ($2, 'bob', 'bob@example.com', 'Bob', 'x')
     ON CONFLICT DO NOTHING`,
    [ALICE, BOB],
  );
  await ds.query(
    `INSERT INTO organizations (id, name, fullname, plan) VALUES ($1, 'acme', 'Acme', 'team') ON CONFLICT DO NOTHING`,
    [ACME],
  );
  await ds.query(
    `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'read') ON CONFLICT DO NOTHING`,
    [ACME, ALICE],
  );
}

export interface WebhookRow {
  ownerId?: string;
  url?: string | null;
  job?: { sourceId: string | null; spec: JobSpecRecord; secrets: Record<string, string> };
  watched: WatchedItem[];
  domains?: string[];
  secret?: string | null;
  disabled?: boolean;
}

/** A webhook row as webhook-management writes it (secrets sealed with the webhook id). */
export async function insertWebhook(
  ds: DataSource,
  box: SecretBox,
  row: WebhookRow,
): Promise<string> {
  const id = newId();
  const context = webhookSecretContext(id);
  await ds.query(
    `INSERT INTO webhooks (id, owner_user_id, url, job_source_id, job_spec, watched, domains, secret_encrypted, job_secrets_encrypted, disabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      row.ownerId ?? ALICE,
      row.job ? null : (row.url ?? null),
      row.job?.sourceId ?? null,
      row.job ? JSON.stringify(row.job.spec) : null,
      JSON.stringify(row.watched),
      row.domains ?? ['repo', 'discussion'],
      row.secret ? box.encrypt(row.secret, context) : null,
      JSON.stringify(
        Object.fromEntries(
          Object.entries(row.job?.secrets ?? {}).map(([name, value]) => [
            name,
            box.encrypt(value, context),
          ]),
        ),
      ),
      row.disabled ?? false,
    ],
  );
  return id;
}

/** A source Job with secrets of its own, which a Job webhook must never pass on. */
export async function insertSourceJob(
  ds: DataSource,
  box: SecretBox,
  job: { command: string[]; environment: Record<string, string>; secrets: Record<string, string> },
): Promise<string> {
  const id = newId();
  const sealed = Object.fromEntries(
    Object.entries(job.secrets).map(([name, value]) => [
      name,
      box.encrypt(value, jobSecretContext(id, name)),
    ]),
  );
  await ds.query(
    `INSERT INTO jobs (id, owner_user_id, command, environment, secrets_encrypted) VALUES ($1, $2, $3, $4, $5)`,
    [
      id,
      ALICE,
      JSON.stringify(job.command),
      JSON.stringify(job.environment),
      JSON.stringify(sealed),
    ],
  );
  return id;
}
