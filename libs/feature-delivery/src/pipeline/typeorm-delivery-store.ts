import { Injectable } from '@nestjs/common';
import { appendOutbox } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { ATTEMPT_OUTCOME_PENDING, AttemptRecord, AttemptStart, ClaimedDelivery, DeliveryStore, JobRunRecord, NewDelivery, RecordedAttempt } from './delivery-store';

const INSERT = `
  INSERT INTO deliveries (id, webhook_id, event_id, payload, status, attempts, next_attempt_at, last_error, replay_of, created_at, updated_at)
  SELECT v.id, v.webhook_id, v.event_id, v.payload, v.status, 0, v.next_attempt_at, v.last_error, v.replay_of, $2, $2
    FROM jsonb_to_recordset($1::jsonb) AS v(id text, webhook_id text, event_id text, payload jsonb, status text,
                                             next_attempt_at timestamptz, last_error text, replay_of text)
   WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.id = v.webhook_id)
  ON CONFLICT DO NOTHING
  RETURNING id`;

const CLAIM = `
  WITH due AS (
    SELECT id, next_attempt_at AS due_at FROM deliveries
     WHERE status IN ('pending', 'retrying') AND next_attempt_at <= $1
     ORDER BY next_attempt_at, id
     LIMIT $2
     FOR UPDATE SKIP LOCKED)
  UPDATE deliveries d SET next_attempt_at = $3, updated_at = $1
    FROM due WHERE d.id = due.id
  RETURNING d.id, d.webhook_id, d.event_id, d.payload, d.attempts, d.replay_of, due.due_at`;

// One statement: the attempt is counted and its row written only while the lease is this
// process's, before anything is sent (a crash mid-send leaves the row, ATTEMPT_OUTCOME_PENDING).
const BEGIN_ATTEMPT = `
  WITH upd AS (
    UPDATE deliveries SET attempts = attempts + 1, updated_at = $3
     WHERE id = $1 AND status IN ('pending', 'retrying') AND next_attempt_at = ANY($2::timestamptz[])
    RETURNING id, attempts),
  logged AS (
    INSERT INTO delivery_attempts (id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_excerpt)
    SELECT $4, upd.id, upd.attempts, $3, 0, NULL, $5, NULL FROM upd
    RETURNING attempt_no)
  SELECT attempt_no FROM logged`;

// One statement: the delivery row is locked and moved on only by the lease holder; the attempt's
// row gets its outcome whoever holds the lease.
const RECORD_ATTEMPT = `
  WITH old AS (
    SELECT id, (status IN ('pending', 'retrying') AND next_attempt_at = ANY($2::timestamptz[])) AS owned
      FROM deliveries WHERE id = $1 FOR UPDATE),
  upd AS (
    UPDATE deliveries d
       SET updated_at = $3, last_status_code = $4, last_error = $5,
           status = CASE WHEN old.owned THEN $6 ELSE d.status END,
           next_attempt_at = CASE WHEN old.owned THEN $7::timestamptz ELSE d.next_attempt_at END
      FROM old WHERE d.id = old.id
    RETURNING d.id, old.owned),
  logged AS (
    UPDATE delivery_attempts a
       SET duration_ms = $9, status_code = $4, error = $5, response_excerpt = $10
      FROM upd WHERE a.id = $8 AND a.delivery_id = upd.id
    RETURNING a.attempt_no)
  SELECT upd.owned, (SELECT attempt_no FROM logged) AS attempt_no FROM upd`;

// Pairs (id, lease value) for every value this process may hold each delivery under.
const LEASE_PAIRS = `unnest($1::text[], $2::timestamptz[]) AS l(id, lease)`;

const FAILING_SINCE = `
  SELECT min(a.started_at) AS since
    FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id
   WHERE d.webhook_id = $1
     AND a.started_at > COALESCE(
       (SELECT max(s.started_at) FROM delivery_attempts s JOIN deliveries sd ON sd.id = s.delivery_id
         WHERE sd.webhook_id = $1 AND s.error IS NULL), '-infinity')`;

interface ClaimRow {
  id: string;
  webhook_id: string;
  event_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  replay_of: string | null;
  due_at: Date;
}

@Injectable()
export class TypeOrmDeliveryStore extends DeliveryStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(rows: readonly NewDelivery[], now: Date): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const values = rows.map((row) => ({
      id: row.id,
      webhook_id: row.webhookId,
      event_id: row.eventId,
      payload: row.payload,
      status: row.status,
      next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
      last_error: row.lastError ?? null,
      replay_of: row.replayOf,
    }));
    const inserted: Array<{ id: string }> = await this.dataSource.query(INSERT, [JSON.stringify(values), now]);
    return new Set(inserted.map((row) => row.id));
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<ClaimedDelivery[]> {
    const [rows]: [ClaimRow[], number] = await this.dataSource.query(CLAIM, [now, limit, leaseUntil]);
    return rows
      .sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => ({
        id: row.id,
        webhookId: row.webhook_id,
        eventId: row.event_id,
        payload: row.payload,
        attempts: row.attempts,
        lease: leaseUntil,
        replayOf: row.replay_of,
      }));
  }

  async beginAttempt(start: AttemptStart): Promise<{ attemptNo: number } | null> {
    const rows: Array<{ attempt_no: number }> = await this.dataSource.query(BEGIN_ATTEMPT, [
      start.deliveryId,
      start.leases.map((lease) => lease.toISOString()),
      start.startedAt,
      start.attemptId,
      ATTEMPT_OUTCOME_PENDING,
    ]);
    return rows[0] ? { attemptNo: rows[0].attempt_no } : null;
  }

  async recordAttempt(record: AttemptRecord): Promise<RecordedAttempt | null> {
    const { next } = record;
    const params = [
      record.deliveryId,
      record.leases.map((lease) => lease.toISOString()),
      record.now,
      record.statusCode,
      record.error,
      next.status,
      next.status === 'retrying' ? next.nextAttemptAt : null,
      record.attemptId,
      record.durationMs,
      record.responseExcerpt,
    ];
    type Row = { owned: boolean; attempt_no: number | null };
    if (next.status !== 'failed') {
      // One statement is atomic by itself: no transaction round trips on the common path.
      const rows: Row[] = await this.dataSource.query(RECORD_ATTEMPT, params);
      return rows[0] ? { attemptNo: rows[0].attempt_no ?? 0, applied: rows[0].owned } : null;
    }
    return this.dataSource.transaction(async (manager) => {
      const rows: Row[] = await manager.query(RECORD_ATTEMPT, params);
      const row = rows[0];
      if (!row) return null;
      if (row.owned) await appendOutbox(manager, next.deadLetter);
      return { attemptNo: row.attempt_no ?? 0, applied: row.owned };
    });
  }

  async renewLeases(leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>, until: Date, now: Date): Promise<Set<string>> {
    if (leases.length === 0) return new Set();
    const [ids, values] = leasePairs(leases);
    const [rows]: [Array<{ id: string }>, number] = await this.dataSource.query(
      `UPDATE deliveries d SET next_attempt_at = $3, updated_at = $4
         FROM ${LEASE_PAIRS}
        WHERE d.id = l.id AND d.next_attempt_at = l.lease AND d.status IN ('pending', 'retrying')
       RETURNING d.id`,
      [ids, values, until, now],
    );
    return new Set(rows.map((row) => row.id));
  }

  async releaseLeases(leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>, now: Date): Promise<void> {
    if (leases.length === 0) return;
    const [ids, values] = leasePairs(leases);
    await this.dataSource.query(
      `UPDATE deliveries d SET next_attempt_at = $3
         FROM ${LEASE_PAIRS}
        WHERE d.id = l.id AND d.next_attempt_at = l.lease AND d.status IN ('pending', 'retrying')`,
      [ids, values, now],
    );
  }

  async cancelPending(webhookId: string, now: Date): Promise<number> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = $2
        WHERE webhook_id = $1 AND status IN ('pending', 'retrying')`,
      [webhookId, now],
    );
    return affected;
  }

  async countRetrying(): Promise<number> {
    const rows: Array<{ n: number }> = await this.dataSource.query(`SELECT count(*)::int AS n FROM deliveries WHERE status = 'retrying'`);
    return rows[0]?.n ?? 0;
  }

  async find(deliveryId: string): Promise<{ id: string; webhookId: string; eventId: string; payload: Record<string, unknown> } | null> {
    const rows: Array<{ id: string; webhook_id: string; event_id: string; payload: Record<string, unknown> }> = await this.dataSource.query(
      'SELECT id, webhook_id, event_id, payload FROM deliveries WHERE id = $1',
      [deliveryId],
    );
    const row = rows[0];
    return row ? { id: row.id, webhookId: row.webhook_id, eventId: row.event_id, payload: row.payload } : null;
  }

  async failingSince(webhookId: string): Promise<Date | null> {
    const rows: Array<{ since: Date | null }> = await this.dataSource.query(FAILING_SINCE, [webhookId]);
    const since = rows[0]?.since;
    return since ? new Date(since) : null;
  }

  async pruneFinished(before: Date, limit: number): Promise<number> {
    // Attempts and Job runs go with their delivery (ON DELETE CASCADE). SKIP LOCKED: replicas
    // pruning at the same time take different rows.
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM deliveries WHERE id IN (
         SELECT d.id FROM deliveries d
          WHERE d.status IN ('succeeded', 'failed', 'rate_limited', 'cancelled') AND d.updated_at < $1
            AND NOT EXISTS (SELECT 1 FROM deliveries r WHERE r.replay_of = d.id AND r.updated_at >= $1)
          LIMIT $2
          FOR UPDATE SKIP LOCKED)`,
      [before, limit],
    );
    return deleted;
  }

  async pruneSentOutbox(before: Date, limit: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM outbox WHERE id IN (
         SELECT id FROM outbox WHERE sent_at IS NOT NULL AND sent_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [before, limit],
    );
    return deleted;
  }

  async recordJobRun(run: JobRunRecord): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO job_runs (id, delivery_id, webhook_id, launcher, external_id, status, started_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [run.id, run.deliveryId, run.webhookId, run.launcher, run.externalId, run.status, run.startedAt],
    );
  }

  async finishJobRun(id: string, status: string, exitCode: number | null, finishedAt: Date): Promise<void> {
    await this.dataSource.query('UPDATE job_runs SET status = $2, exit_code = $3, finished_at = $4 WHERE id = $1', [id, status, exitCode, finishedAt]);
  }
}

function leasePairs(leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>): [string[], string[]] {
  const ids: string[] = [];
  const values: string[] = [];
  for (const held of leases) {
    for (const lease of held.leases) {
      ids.push(held.id);
      values.push(lease.toISOString());
    }
  }
  return [ids, values];
}
