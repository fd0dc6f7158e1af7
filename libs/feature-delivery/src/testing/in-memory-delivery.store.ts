import type { OutboxMessage } from '@gatehouse/persistence';
import {
  ATTEMPT_OUTCOME_PENDING,
  AttemptRecord,
  AttemptStart,
  ClaimedDelivery,
  DeliveryState,
  DeliveryStore,
  JobRunRecord,
  NewDelivery,
  RecordedAttempt,
} from '../pipeline/ports/delivery.store';

export interface StoredDeliveryRow {
  id: string;
  webhookId: string;
  eventId: string;
  payload: Record<string, unknown>;
  status: DeliveryState;
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  replayOf: string | null;
  createdAt: Date;
}

export interface StoredAttemptRow {
  id: string;
  deliveryId: string;
  attemptNo: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/** DeliveryStore with the TypeORM store's rules (uniqueness, leases, ownership), in memory. */
export class InMemoryDeliveryStore extends DeliveryStore {
  readonly webhookIds = new Set<string>();
  readonly deliveries = new Map<string, StoredDeliveryRow>();
  readonly attempts: StoredAttemptRow[] = [];
  readonly outbox: OutboxMessage[] = [];
  /** Every write, one entry per call with the number of rows it carried. */
  readonly writes: Array<{ kind: 'insert' | 'begin' | 'record'; rows: number }> = [];
  readonly jobRuns = new Map<
    string,
    JobRunRecord & { exitCode?: number | null; finishedAt?: Date }
  >();

  async insert(rows: readonly NewDelivery[], now: Date): Promise<Set<string>> {
    this.writes.push({ kind: 'insert', rows: rows.length });
    const inserted = new Set<string>();
    for (const row of rows) {
      if (!this.webhookIds.has(row.webhookId) || this.deliveries.has(row.id)) continue;
      const duplicate = [...this.deliveries.values()].some(
        (d) =>
          d.replayOf === null &&
          row.replayOf === null &&
          d.webhookId === row.webhookId &&
          d.eventId === row.eventId,
      );
      if (duplicate) continue;
      this.deliveries.set(row.id, {
        id: row.id,
        webhookId: row.webhookId,
        eventId: row.eventId,
        payload: structuredClone(row.payload),
        status: row.status,
        attempts: row.firstAttempt ? 1 : 0,
        nextAttemptAt: row.nextAttemptAt,
        lastStatusCode: null,
        lastError: row.lastError ?? null,
        replayOf: row.replayOf,
        createdAt: now,
      });
      if (row.firstAttempt)
        this.attempts.push(
          pendingAttempt(row.firstAttempt.attemptId, row.id, 1, row.firstAttempt.startedAt),
        );
      inserted.add(row.id);
    }
    return inserted;
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<ClaimedDelivery[]> {
    const due = [...this.deliveries.values()]
      .filter(
        (d) =>
          (d.status === 'pending' || d.status === 'retrying') &&
          d.nextAttemptAt !== null &&
          d.nextAttemptAt <= now,
      )
      .sort(
        (a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || (a.id < b.id ? -1 : 1),
      )
      .slice(0, limit);
    return due.map((d) => {
      d.nextAttemptAt = leaseUntil;
      return {
        id: d.id,
        webhookId: d.webhookId,
        eventId: d.eventId,
        payload: structuredClone(d.payload),
        attempts: d.attempts,
        lease: leaseUntil,
        replayOf: d.replayOf,
      };
    });
  }

  private owns(row: StoredDeliveryRow, leases: readonly Date[]): boolean {
    return (
      (row.status === 'pending' || row.status === 'retrying') &&
      leases.some((lease) => row.nextAttemptAt?.getTime() === lease.getTime())
    );
  }

  async beginAttempts(
    starts: readonly AttemptStart[],
  ): Promise<Array<{ attemptNo: number } | null>> {
    this.writes.push({ kind: 'begin', rows: starts.length });
    return starts.map((start) => this.beginAttempt(start));
  }

  async recordAttempts(records: readonly AttemptRecord[]): Promise<Array<RecordedAttempt | null>> {
    this.writes.push({ kind: 'record', rows: records.length });
    return records.map((record) => this.recordAttempt(record));
  }

  private beginAttempt(start: AttemptStart): { attemptNo: number } | null {
    const row = this.deliveries.get(start.deliveryId);
    if (!row || !this.owns(row, start.leases)) return null;
    row.attempts += 1;
    this.attempts.push(pendingAttempt(start.attemptId, row.id, row.attempts, start.startedAt));
    return { attemptNo: row.attempts };
  }

  private recordAttempt(record: AttemptRecord): RecordedAttempt | null {
    const row = this.deliveries.get(record.deliveryId);
    if (!row) return null;
    const owned = this.owns(row, record.leases);
    row.lastStatusCode = record.statusCode;
    row.lastError = record.error;
    if (owned) {
      row.status = record.next.status;
      row.nextAttemptAt = record.next.status === 'retrying' ? record.next.nextAttemptAt : null;
      if (record.next.status === 'failed') this.outbox.push(record.next.deadLetter);
    }
    const attempt = this.attempts.find((a) => a.id === record.attemptId && a.deliveryId === row.id);
    if (attempt)
      Object.assign(attempt, {
        startedAt: record.startedAt,
        durationMs: record.durationMs,
        statusCode: record.statusCode,
        error: record.error,
        responseExcerpt: record.responseExcerpt,
      });
    return { attemptNo: attempt?.attemptNo ?? 0, applied: owned };
  }

  async renewLeases(
    leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>,
    until: Date,
    _now: Date,
  ): Promise<Set<string>> {
    const renewed = new Set<string>();
    for (const held of leases) {
      const row = this.deliveries.get(held.id);
      if (row && this.owns(row, held.leases)) {
        row.nextAttemptAt = until;
        renewed.add(held.id);
      }
    }
    return renewed;
  }

  async releaseLeases(
    leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>,
    now: Date,
  ): Promise<void> {
    for (const held of leases) {
      const row = this.deliveries.get(held.id);
      if (row && this.owns(row, held.leases)) row.nextAttemptAt = now;
    }
  }

  async hastenRetries(
    webhookId: string,
    now: Date,
    waitingAfter: Date,
    spacingMs: number,
  ): Promise<number> {
    const waiting = [...this.deliveries.values()]
      .filter(
        (row) =>
          row.webhookId === webhookId &&
          row.status === 'retrying' &&
          row.nextAttemptAt !== null &&
          row.nextAttemptAt.getTime() > waitingAfter.getTime(),
      )
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    waiting.forEach((row, place) => {
      row.nextAttemptAt = new Date(now.getTime() + place * spacingMs);
    });
    return waiting.length;
  }

  async cancelPending(webhookId: string): Promise<number> {
    let count = 0;
    for (const row of this.deliveries.values()) {
      if (row.webhookId === webhookId && (row.status === 'pending' || row.status === 'retrying')) {
        row.status = 'cancelled';
        row.nextAttemptAt = null;
        count += 1;
      }
    }
    return count;
  }

  async countRetrying(): Promise<number> {
    return [...this.deliveries.values()].filter((d) => d.status === 'retrying').length;
  }

  async find(deliveryId: string) {
    const row = this.deliveries.get(deliveryId);
    return row
      ? {
          id: row.id,
          webhookId: row.webhookId,
          eventId: row.eventId,
          payload: structuredClone(row.payload),
        }
      : null;
  }

  async failingSince(webhookId: string): Promise<Date | null> {
    const ofWebhook = this.attempts.filter(
      (a) => this.deliveries.get(a.deliveryId)?.webhookId === webhookId,
    );
    const lastSuccess = Math.max(
      -Infinity,
      ...ofWebhook.filter((a) => a.error === null).map((a) => a.startedAt.getTime()),
    );
    const failures = ofWebhook
      .filter((a) => a.error !== null && a.startedAt.getTime() > lastSuccess)
      .map((a) => a.startedAt.getTime());
    return failures.length > 0 ? new Date(Math.min(...failures)) : null;
  }

  async pruneFinished(before: Date, limit: number): Promise<number> {
    const finished = new Set<DeliveryState>(['succeeded', 'failed', 'rate_limited', 'cancelled']);
    const doomed = [...this.deliveries.values()]
      .filter((row) => finished.has(row.status) && row.createdAt < before)
      .filter(
        (row) =>
          ![...this.deliveries.values()].some(
            (replay) => replay.replayOf === row.id && replay.createdAt >= before,
          ),
      )
      .slice(0, limit);
    for (const row of doomed) this.deliveries.delete(row.id);
    return doomed.length;
  }

  async pruneSentOutbox(): Promise<number> {
    return 0;
  }

  async recordJobRun(run: JobRunRecord): Promise<void> {
    this.jobRuns.set(run.id, { ...run });
  }

  async finishJobRun(
    id: string,
    status: string,
    exitCode: number | null,
    finishedAt: Date,
  ): Promise<void> {
    const run = this.jobRuns.get(id);
    if (run) Object.assign(run, { status, exitCode, finishedAt });
  }

  ofWebhook(webhookId: string): StoredDeliveryRow[] {
    return [...this.deliveries.values()].filter((d) => d.webhookId === webhookId);
  }
}

/** An attempt row as it is written before anything is sent. */
function pendingAttempt(
  id: string,
  deliveryId: string,
  attemptNo: number,
  startedAt: Date,
): StoredAttemptRow {
  return {
    id,
    deliveryId,
    attemptNo,
    startedAt,
    durationMs: 0,
    statusCode: null,
    error: ATTEMPT_OUTCOME_PENDING,
    responseExcerpt: null,
  };
}
