import type { SecretBox } from '@gatehouse/crypto';
import { totpSecretContext, webhookSecretContext } from '@gatehouse/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { jobSecretContext } from '../entities/webhooks/job.entity';

/** One table's sealed columns, read and written a batch of rows at a time. */
interface SealedTable {
  name: string;
  /** The key column, text-comparable for keyset paging. */
  key: string;
  /** Rewrites what an older key sealed in `row`; null when nothing needed it. */
  reseal(row: Record<string, unknown>, box: SecretBox): Record<string, unknown> | null;
  columns: readonly string[];
}

function resealed(box: SecretBox, sealed: string, context: string): string | null {
  return box.isSealedWithOlderKey(sealed)
    ? box.encrypt(box.decrypt(sealed, context), context)
    : null;
}

function resealMap(
  box: SecretBox,
  sealed: Record<string, string> | null,
  context: (name: string) => string,
): Record<string, string> | null {
  if (!sealed) return null;
  let changed = false;
  const next: Record<string, string> = {};
  for (const [name, value] of Object.entries(sealed)) {
    const rewritten = resealed(box, value, context(name));
    changed ||= rewritten !== null;
    next[name] = rewritten ?? value;
  }
  return changed ? next : null;
}

// Every column holding a SecretBox box, with the context it was sealed under: the same contexts
// the readers open them with (SigningKeys, webhookSecretContext, jobSecretContext,
// totpSecretContext).
const SEALED_TABLES: readonly SealedTable[] = [
  {
    name: 'signing_keys',
    key: 'kid',
    columns: ['private_jwk_encrypted'],
    reseal(row, box) {
      const rewritten = resealed(box, row.private_jwk_encrypted as string, row.kid as string);
      return rewritten === null ? null : { private_jwk_encrypted: rewritten };
    },
  },
  {
    name: 'webhooks',
    key: 'id',
    columns: ['secret_encrypted', 'job_secrets_encrypted'],
    reseal(row, box) {
      const context = webhookSecretContext(row.id as string);
      const secret =
        row.secret_encrypted === null
          ? null
          : resealed(box, row.secret_encrypted as string, context);
      const jobSecrets = resealMap(
        box,
        row.job_secrets_encrypted as Record<string, string> | null,
        () => context,
      );
      if (secret === null && jobSecrets === null) return null;
      return {
        ...(secret === null ? {} : { secret_encrypted: secret }),
        ...(jobSecrets === null ? {} : { job_secrets_encrypted: jobSecrets }),
      };
    },
  },
  {
    name: 'jobs',
    key: 'id',
    columns: ['secrets_encrypted'],
    reseal(row, box) {
      const secrets = resealMap(
        box,
        row.secrets_encrypted as Record<string, string> | null,
        (name) => jobSecretContext(row.id as string, name),
      );
      return secrets === null ? null : { secrets_encrypted: secrets };
    },
  },
  {
    name: 'totp_factors',
    key: 'user_id',
    columns: ['secret_encrypted'],
    reseal(row, box) {
      const rewritten = resealed(
        box,
        row.secret_encrypted as string,
        totpSecretContext(row.user_id as string),
      );
      return rewritten === null ? null : { secret_encrypted: rewritten };
    },
  },
];

export interface ReencryptProgress {
  table: string;
  /** Rows of the table looked at so far, and how many of them held a box an older key sealed. */
  examined: number;
  rewritten: number;
  total: number;
}

export type ReencryptReport = Record<string, { examined: number; rewritten: number }>;

/**
 * `gatehouse admin reencrypt`: rewrites every secret sealed with another key than the ring's
 * newest (docs/operations.md "Rotating keys and secrets"), so the older keys can then leave the
 * ring. Rows are taken in key order, `batchSize` at a time, each batch in its own transaction
 * with its rows locked (`FOR UPDATE`), so a concurrent change to one of them waits instead of
 * being overwritten; the services keep running meanwhile, since every key still opens. A box that
 * does not open with any key of the ring stops the run with the row named. Running it again
 * rewrites nothing.
 */
export async function reencryptSecrets(
  ds: DataSource,
  box: SecretBox,
  options: { batchSize?: number; onProgress?: (progress: ReencryptProgress) => void } = {},
): Promise<ReencryptReport> {
  const batchSize = options.batchSize ?? 200;
  const report: ReencryptReport = {};
  for (const table of SEALED_TABLES) {
    const [{ count }] = (await ds.query(`SELECT count(*)::int AS count FROM ${table.name}`)) as [
      { count: number },
    ];
    const tally = { examined: 0, rewritten: 0 };
    let after: string | null = null;
    for (;;) {
      const rows = await ds.transaction((manager) =>
        reencryptBatch(manager, table, box, after, batchSize, tally),
      );
      if (rows === null) break;
      after = rows;
      options.onProgress?.({ table: table.name, ...tally, total: count });
    }
    report[table.name] = tally;
  }
  return report;
}

/** Re-seals one batch after `after`; the last key of the batch, or null when there was none. */
async function reencryptBatch(
  manager: EntityManager,
  table: SealedTable,
  box: SecretBox,
  after: string | null,
  batchSize: number,
  tally: { examined: number; rewritten: number },
): Promise<string | null> {
  const rows = (await manager.query(
    `SELECT ${[table.key, ...table.columns].join(', ')} FROM ${table.name}
      WHERE ($1::text IS NULL OR ${table.key} > $1) ORDER BY ${table.key} LIMIT $2 FOR UPDATE`,
    [after, batchSize],
  )) as Array<Record<string, unknown>>;
  if (rows.length === 0) return null;
  for (const row of rows) {
    let changes: Record<string, unknown> | null;
    try {
      changes = table.reseal(row, box);
    } catch (error) {
      throw new Error(
        `${table.name} ${table.key}=${String(row[table.key])}: ${(error as Error).message}`,
      );
    }
    tally.examined += 1;
    if (!changes) continue;
    const columns = Object.keys(changes);
    await manager.query(
      `UPDATE ${table.name} SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')}
        WHERE ${table.key} = $1`,
      [row[table.key], ...columns.map((column) => serialize(changes![column]))],
    );
    tally.rewritten += 1;
  }
  return String(rows[rows.length - 1]![table.key]);
}

function serialize(value: unknown): unknown {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
