import { Injectable } from '@nestjs/common';
import { appendOutbox } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import {
  ATTEMPT_OUTCOME_PENDING,
  AttemptRecord,
  AttemptStart,
  ClaimedDelivery,
  DeliveryStore,
  JobRunRecord,
  NewDelivery,
  RecordedAttempt,
} from '../ports/delivery.store';

// A row with a first attempt is inserted counted (attempts = 1) with that attempt's row, written
// before anything is sent as WRITE_ATTEMPTS begins one; a row already there (an event read again)
// gets neither.
const INSERT = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(id text, webhook_id text, event_id text, payload jsonb, status text,
                                                     next_attempt_at timestamptz, last_error text, replay_of text,
                                                     attempt_id text, attempt_started_at timestamptz)),
  inserted AS (
    INSERT INTO deliveries (id, webhook_id, event_id, payload, status, attempts, next_attempt_at, last_error, replay_of, created_at, updated_at)
    SELECT i.id, i.webhook_id, i.event_id, i.payload, i.status, CASE WHEN i.attempt_id IS NULL THEN 0 ELSE 1 END,
           i.next_attempt_at, i.last_error, i.replay_of, $2, $2
      FROM input i
     WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.id = i.webhook_id)
    ON CONFLICT DO NOTHING
    RETURNING id),
  begun AS (
    INSERT INTO delivery_attempts (id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_excerpt)
    SELECT i.attempt_id, i.id, 1, i.attempt_started_at, 0, NULL, $3, NULL
      FROM inserted JOIN input i ON i.id = inserted.id
     WHERE i.attempt_id IS NOT NULL)
  SELECT id FROM inserted`;

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

// Rows of the deliveries a multi-row statement moves are locked in id order first, so two such
// statements (attempts of a batch, a lease renewal, a cancel) never wait on each other in a cycle.

// One statement for the outcomes recorded and the attempts begun together (a place given back and
// the attempt taking it). A delivery row is moved on only by the lease holder; an attempt's row
// gets its outcome whoever holds the lease, and the time its request went out (after its row was
// written it may have waited for its lane's previous request and for a request slot). An attempt
// begun is counted and its row written (ATTEMPT_OUTCOME_PENDING: a crash mid-send leaves it) only
// while the lease is this process's, before anything is sent. Both kinds come as one input set
// with a kind column: with two sets joined by UNION ALL, statements that met a lease renewal on
// their rows answered for the first row only (every other outcome and begin unwritten) in the
// crash test. The answer lists each CTE's rows apart (the caller pairs an outcome with its
// attempt's number): joined in SQL, the planner, which estimates one row per CTE, ran a nested
// loop over the two, quadratic in the outcomes (with 1,024 outcomes and 1,024 begins the
// statement took 2-3 times as long as it does now; with 256 of each, about a fifth longer).
const WRITE_ATTEMPTS = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(kind text, delivery_id char(24), attempt_id char(24), leases timestamptz[], recorded_at timestamptz,
                                                     started_at timestamptz, status_code int, error text, status text, next_attempt_at timestamptz,
                                                     duration_ms int, response_excerpt text)),
  locked AS (
    SELECT d.id, i.kind, (d.status IN ('pending', 'retrying') AND d.next_attempt_at = ANY(i.leases)) AS owned
      FROM deliveries d JOIN input i ON i.delivery_id = d.id
     ORDER BY d.id FOR UPDATE OF d),
  recorded AS (
    UPDATE deliveries d
       SET updated_at = i.recorded_at, last_status_code = i.status_code, last_error = i.error,
           status = CASE WHEN locked.owned THEN i.status ELSE d.status END,
           next_attempt_at = CASE WHEN locked.owned THEN i.next_attempt_at ELSE d.next_attempt_at END
      FROM locked JOIN input i ON i.delivery_id = locked.id
     WHERE d.id = locked.id AND locked.kind = 'record'
    RETURNING d.id, locked.owned),
  logged AS (
    UPDATE delivery_attempts a
       SET started_at = i.started_at, duration_ms = i.duration_ms, status_code = i.status_code, error = i.error, response_excerpt = i.response_excerpt
      FROM recorded JOIN input i ON i.delivery_id = recorded.id
     WHERE a.id = i.attempt_id AND a.delivery_id = recorded.id
    RETURNING a.delivery_id, a.attempt_no),
  counted AS (
    UPDATE deliveries d SET attempts = d.attempts + 1, updated_at = i.started_at
      FROM locked JOIN input i ON i.delivery_id = locked.id
     WHERE d.id = locked.id AND locked.kind = 'begin' AND locked.owned
    RETURNING d.id, d.attempts),
  begun AS (
    INSERT INTO delivery_attempts (id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_excerpt)
    SELECT i.attempt_id, counted.id, counted.attempts, i.started_at, 0, NULL, $2, NULL FROM counted JOIN input i ON i.delivery_id = counted.id
    RETURNING delivery_id, attempt_no)
  SELECT 'recorded' AS kind, recorded.id, recorded.owned, NULL::int AS attempt_no FROM recorded
  UNION ALL
  SELECT 'logged', logged.delivery_id, NULL, logged.attempt_no FROM logged
  UNION ALL
  SELECT 'begun', begun.delivery_id, true, begun.attempt_no FROM begun`;

// Pairs (id, lease value) for every value this process may hold each delivery under.
const LEASE_PAIRS = `unnest($1::bpchar[], $2::timestamptz[]) AS l(id, lease)`;

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
    // Each row's JSON object with its payload's JSON put in as it is (serialized once, as the body).
    const values = rows.map((row) => {
      const columns = JSON.stringify({
        id: row.id,
        webhook_id: row.webhookId,
        event_id: row.eventId,
        status: row.status,
        next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
        last_error: row.lastError ?? null,
        replay_of: row.replayOf,
        attempt_id: row.firstAttempt?.attemptId ?? null,
        attempt_started_at: row.firstAttempt?.startedAt.toISOString() ?? null,
      });
      return `{"payload":${row.payloadJson ?? JSON.stringify(row.payload)},${columns.slice(1)}`;
    });
    const inserted: Array<{ id: string }> = await this.dataSource.query(INSERT, [
      `[${values.join(',')}]`,
      now,
      ATTEMPT_OUTCOME_PENDING,
    ]);
    return new Set(inserted.map((row) => row.id));
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<ClaimedDelivery[]> {
    const [rows]: [ClaimRow[], number] = await this.dataSource.query(CLAIM, [
      now,
      limit,
      leaseUntil,
    ]);
    return rows
      .sort(
        (a, b) =>
          new Date(a.due_at).getTime() - new Date(b.due_at).getTime() || (a.id < b.id ? -1 : 1),
      )
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

  async beginAttempts(
    starts: readonly AttemptStart[],
  ): Promise<Array<{ attemptNo: number } | null>> {
    return (await this.recordAndBeginAttempts([], starts)).begun;
  }

  async recordAttempts(records: readonly AttemptRecord[]): Promise<Array<RecordedAttempt | null>> {
    return (await this.recordAndBeginAttempts(records, [])).recorded;
  }

  override async recordAndBeginAttempts(
    records: readonly AttemptRecord[],
    starts: readonly AttemptStart[],
  ): Promise<{
    recorded: Array<RecordedAttempt | null>;
    begun: Array<{ attemptNo: number } | null>;
  }> {
    if (records.length === 0 && starts.length === 0) return { recorded: [], begun: [] };
    const outcomes = records.map((record) => ({
      kind: 'record',
      delivery_id: record.deliveryId,
      attempt_id: record.attemptId,
      leases: record.leases.map((lease) => lease.toISOString()),
      recorded_at: record.now.toISOString(),
      started_at: record.startedAt.toISOString(),
      status_code: record.statusCode,
      error: record.error,
      status: record.next.status,
      next_attempt_at:
        record.next.status === 'retrying' ? record.next.nextAttemptAt.toISOString() : null,
      duration_ms: Math.round(record.durationMs),
      response_excerpt: record.responseExcerpt,
    }));
    const begins = starts.map((start) => ({
      kind: 'begin',
      delivery_id: start.deliveryId,
      attempt_id: start.attemptId,
      started_at: start.startedAt.toISOString(),
      leases: start.leases.map((lease) => lease.toISOString()),
    }));
    const parameters = [JSON.stringify([...outcomes, ...begins]), ATTEMPT_OUTCOME_PENDING];
    type Row = {
      kind: 'recorded' | 'logged' | 'begun';
      id: string;
      owned: boolean | null;
      attempt_no: number | null;
    };
    const answer = (rows: Row[]) => {
      const ownedById = new Map<string, boolean>();
      const loggedById = new Map<string, number>();
      const begunById = new Map<string, number>();
      for (const row of rows) {
        if (row.kind === 'recorded') ownedById.set(row.id, row.owned === true);
        else if (row.kind === 'logged') loggedById.set(row.id, row.attempt_no ?? 0);
        else begunById.set(row.id, row.attempt_no ?? 0);
      }
      return {
        recorded: records.map((record): RecordedAttempt | null => {
          const owned = ownedById.get(record.deliveryId);
          if (owned === undefined) return null;
          return { attemptNo: loggedById.get(record.deliveryId) ?? 0, applied: owned };
        }),
        begun: starts.map((start) => {
          const attemptNo = begunById.get(start.deliveryId);
          return attemptNo === undefined ? null : { attemptNo };
        }),
      };
    };
    if (!records.some((record) => record.next.status === 'failed')) {
      // One statement is atomic by itself: no transaction round trips on the common path.
      return answer(await this.dataSource.query(WRITE_ATTEMPTS, parameters));
    }
    return this.dataSource.transaction(async (manager) => {
      const written = answer(await manager.query(WRITE_ATTEMPTS, parameters));
      for (const [index, record] of records.entries()) {
        if (record.next.status === 'failed' && written.recorded[index]?.applied)
          await appendOutbox(manager, record.next.deadLetter);
      }
      return written;
    });
  }

  async renewLeases(
    leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>,
    until: Date,
    now: Date,
  ): Promise<Set<string>> {
    if (leases.length === 0) return new Set();
    const [ids, values] = leasePairs(leases);
    const [rows]: [Array<{ id: string }>, number] = await this.dataSource.query(
      `WITH locked AS (
         SELECT d.id FROM deliveries d JOIN ${LEASE_PAIRS} ON d.id = l.id
          WHERE d.next_attempt_at = l.lease AND d.status IN ('pending', 'retrying')
          ORDER BY d.id FOR UPDATE OF d)
       UPDATE deliveries d SET next_attempt_at = $3, updated_at = $4
         FROM locked WHERE d.id = locked.id
       RETURNING d.id`,
      [ids, values, until, now],
    );
    return new Set(rows.map((row) => row.id));
  }

  async releaseLeases(
    leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>,
    now: Date,
  ): Promise<void> {
    if (leases.length === 0) return;
    const [ids, values] = leasePairs(leases);
    await this.dataSource.query(
      `WITH locked AS (
         SELECT d.id FROM deliveries d JOIN ${LEASE_PAIRS} ON d.id = l.id
          WHERE d.next_attempt_at = l.lease AND d.status IN ('pending', 'retrying')
          ORDER BY d.id FOR UPDATE OF d)
       UPDATE deliveries d SET next_attempt_at = $3
         FROM locked WHERE d.id = locked.id`,
      [ids, values, now],
    );
  }

  async hastenRetries(
    webhookId: string,
    now: Date,
    waitingAfter: Date,
    spacingMs: number,
  ): Promise<number> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `WITH locked AS (
         SELECT id FROM deliveries
          WHERE webhook_id = $1 AND status = 'retrying' AND next_attempt_at > $3
          ORDER BY id FOR UPDATE SKIP LOCKED),
       waiting AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS place FROM locked)
       UPDATE deliveries d SET next_attempt_at = $2::timestamptz + waiting.place * $4 * interval '1 millisecond', updated_at = $2
         FROM waiting WHERE d.id = waiting.id`,
      [webhookId, now, waitingAfter, spacingMs],
    );
    return affected;
  }

  async cancelPending(webhookId: string, now: Date): Promise<number> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = $2
        WHERE id IN (SELECT id FROM deliveries WHERE webhook_id = $1 AND status IN ('pending', 'retrying') ORDER BY id FOR UPDATE)
          AND status IN ('pending', 'retrying')`,
      [webhookId, now],
    );
    return affected;
  }

  async countRetrying(): Promise<number> {
    const rows: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM deliveries WHERE status = 'retrying'`,
    );
    return rows[0]?.n ?? 0;
  }

  async find(deliveryId: string): Promise<{
    id: string;
    webhookId: string;
    eventId: string;
    payload: Record<string, unknown>;
  } | null> {
    const rows: Array<{
      id: string;
      webhook_id: string;
      event_id: string;
      payload: Record<string, unknown>;
    }> = await this.dataSource.query(
      'SELECT id, webhook_id, event_id, payload FROM deliveries WHERE id = $1',
      [deliveryId],
    );
    const row = rows[0];
    return row
      ? { id: row.id, webhookId: row.webhook_id, eventId: row.event_id, payload: row.payload }
      : null;
  }

  async failingSince(webhookId: string): Promise<Date | null> {
    const rows: Array<{ since: Date | null }> = await this.dataSource.query(FAILING_SINCE, [
      webhookId,
    ]);
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
      [
        run.id,
        run.deliveryId,
        run.webhookId,
        run.launcher,
        run.externalId,
        run.status,
        run.startedAt,
      ],
    );
  }

  async finishJobRun(
    id: string,
    status: string,
    exitCode: number | null,
    finishedAt: Date,
  ): Promise<void> {
    await this.dataSource.query(
      'UPDATE job_runs SET status = $2, exit_code = $3, finished_at = $4 WHERE id = $1',
      [id, status, exitCode, finishedAt],
    );
  }
}

function leasePairs(
  leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>,
): [string[], string[]] {
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
