import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import type { LoadResult } from '../harness/load-result';
import { percentiles } from './run-flow';

export const EXCHANGE_LIMIT_TABLE = 'bench_exchange_limit';

export interface ExchangeTransactionSpec {
  databaseUrl: string;
  concurrency: number;
  seconds: number;
  rampSeconds?: number;
  /** Organizations taken in turn, each serialized by its own advisory lock. */
  organizations: number;
}

const PAYLOAD = JSON.stringify({
  scopes: ['read-repos'],
  subject: 'member@bench.example',
  client: 'bench-exchange',
  padding: 'x'.repeat(200),
});

/**
 * The database work a token exchange cannot avoid, with nothing else: one transaction per
 * exchange holding the organization's advisory lock (the audit hash chain is linear per
 * organization) and writing four rows (token, its event, the audit entry, its event), from a pool
 * of 10 connections as a service has. Rate = transactions committed per second.
 */
export async function exchangeTransactionLoop(spec: ExchangeTransactionSpec): Promise<LoadResult> {
  const pool = new Pool({ connectionString: spec.databaseUrl, max: 10 });
  const latencies: number[] = [];
  let errors = 0;
  let turn = 0;
  const firstErrors: string[] = [];
  const started = performance.now() + (spec.rampSeconds ?? 0) * 1000;
  const deadline = started + spec.seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const organization = `bench-org-${(turn++ % spec.organizations) + 1}`;
      const begun = performance.now();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [organization]);
        for (const kind of ['token', 'token.issued', 'audit', 'audit.recorded']) {
          await client.query(
            `INSERT INTO ${EXCHANGE_LIMIT_TABLE} (kind, organization, payload) VALUES ($1, $2, $3)`,
            [kind, organization, PAYLOAD],
          );
        }
        await client.query('COMMIT');
        if (performance.now() >= started) latencies.push(performance.now() - begun);
      } catch (error) {
        errors += 1;
        if (firstErrors.length < 5) firstErrors.push((error as Error).message);
        await client.query('ROLLBACK').catch(() => undefined);
      } finally {
        client.release();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: spec.concurrency }, loop));
  } finally {
    await pool.end();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    connections: spec.concurrency,
    seconds,
    completed: latencies.length,
    perSecond: latencies.length / seconds,
    errors,
    requests: latencies.length + errors,
    latencyMs: percentiles(latencies),
    firstErrors,
  };
}
