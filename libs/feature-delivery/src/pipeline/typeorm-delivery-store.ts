import { Injectable } from '@nestjs/common';
import { appendOutbox } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { AttemptRecord, ClaimedDelivery, DeliveryStore, JobRunRecord, NewDelivery, RecordedAttempt } from './delivery-store';

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

// One statement: the delivery row is locked, moved on only by the lease holder, and the attempt
// logged with the number the increment gave it, whoever holds the lease.
const RECORD_ATTEMPT = `
  WITH old AS (
    SELECT id, (status IN ('pending', 'retrying') AND next_attempt_at = $2) AS owned
      FROM deliveries WHERE id = $1 FOR UPDATE),
  upd AS (
    UPDATE deliveries d
       SET attempts = d.attempts + 1, updated_at = $3, last_status_code = $4, last_error = $5,
           status = CASE WHEN old.owned THEN $6 ELSE d.status END,
           next_attempt_at = CASE WHEN old.owned THEN $7::timestamptz ELSE d.next_attempt_at END
      FROM old WHERE d.id = old.id
    RETURNING d.id, d.attempts, old.owned),
  logged AS (
    INSERT INTO delivery_attempts (id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_excerpt)
    SELECT $8, upd.id, upd.attempts, $9, $10, $4, $5, $11 FROM upd
    RETURNING attempt_no)
  SELECT upd.attempts, upd.owned FROM upd`;

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

  async recordAttempt(record: AttemptRecord): Promise<RecordedAttempt | null> {
    const { next } = record;
    const params = [
      record.deliveryId,
      record.lease,
      record.now,
      record.statusCode,
      record.error,
      next.status,
      next.status === 'retrying' ? next.nextAttemptAt : null,
      record.attemptId,
      record.startedAt,
      record.durationMs,
      record.responseExcerpt,
    ];
    if (next.status !== 'failed') {
      // One statement is atomic by itself: no transaction round trips on the common path.
      const rows: Array<{ attempts: number; owned: boolean }> = await this.dataSource.query(RECORD_ATTEMPT, params);
      return rows[0] ? { attemptNo: rows[0].attempts, applied: rows[0].owned } : null;
    }
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ attempts: number; owned: boolean }> = await manager.query(RECORD_ATTEMPT, params);
      const row = rows[0];
      if (!row) return null;
      if (row.owned) await appendOutbox(manager, next.deadLetter);
      return { attemptNo: row.attempts, applied: row.owned };
    });
  }

  async releaseLeases(leases: ReadonlyArray<{ id: string; lease: Date }>, now: Date): Promise<void> {
    if (leases.length === 0) return;
    await this.dataSource.query(
      `UPDATE deliveries d SET next_attempt_at = $1
         FROM unnest($2::text[], $3::timestamptz[]) AS l(id, lease)
        WHERE d.id = l.id AND d.next_attempt_at = l.lease AND d.status IN ('pending', 'retrying')`,
      [now, leases.map((lease) => lease.id), leases.map((lease) => lease.lease.toISOString())],
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
