import type { OutboxMessage } from '@gatehouse/persistence';

/** Values of `deliveries.status` (libs/persistence DeliveryStatus). */
export type DeliveryState =
  'pending' | 'succeeded' | 'retrying' | 'failed' | 'rate_limited' | 'cancelled';

export interface NewDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  payload: Record<string, unknown>;
  /**
   * `payload` as JSON, when the caller has serialized it already (the request body): the store
   * sends it as it is instead of serializing the payload a second time.
   */
  payloadJson?: string;
  status: 'pending' | 'rate_limited' | 'cancelled';
  /** For `pending`: the lease of the process that makes the first attempt. */
  nextAttemptAt: Date | null;
  replayOf: string | null;
  lastError?: string | null;
  /**
   * For `pending`: the first attempt, begun with the insert (counted, its row written with outcome
   * ATTEMPT_OUTCOME_PENDING) because the dispatcher starts it at once; saves the separate begin.
   */
  firstAttempt?: { attemptId: string; startedAt: Date };
}

/** A delivery claimed for its next attempt, held until `lease` (its `next_attempt_at`). */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  payload: Record<string, unknown>;
  /** Attempts made so far. */
  attempts: number;
  lease: Date;
  replayOf: string | null;
}

export type AttemptNext =
  | { status: 'succeeded' }
  | { status: 'retrying'; nextAttemptAt: Date }
  /** Dead-lettered: `deadLetter` is written to the outbox in the same transaction. */
  | { status: 'failed'; deadLetter: OutboxMessage };

/** An attempt about to be made, recorded before anything is sent. */
export interface AttemptStart {
  deliveryId: string;
  /** Every lease value this process was given for the delivery (renewals add one each). */
  leases: readonly Date[];
  attemptId: string;
  startedAt: Date;
}

/**
 * What an attempt row says until its outcome is recorded: so an attempt cut short by a crash
 * (which may have reached the receiver) still shows in the activity history.
 */
export const ATTEMPT_OUTCOME_PENDING =
  'no outcome recorded: the attempt was still in flight, or its worker stopped before it finished';

export interface AttemptRecord {
  deliveryId: string;
  /** The leases the attempt was made under (AttemptStart.leases): only their holder moves the delivery on. */
  leases: readonly Date[];
  /** The row written by beginAttempts, now given its outcome. */
  attemptId: string;
  /** When the request went out (or the Job was started): the attempt row's start from then on. */
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  /** Null exactly when the attempt succeeded. */
  error: string | null;
  responseExcerpt: string | null;
  next: AttemptNext;
  now: Date;
}

export interface RecordedAttempt {
  attemptNo: number;
  /** False when the lease had been lost (the delivery was cancelled, or taken over): the attempt is logged, the state left alone. */
  applied: boolean;
}

export interface JobRunRecord {
  id: string;
  deliveryId: string;
  webhookId: string;
  launcher: string;
  externalId: string;
  status: string;
  startedAt: Date;
}

/** The worker's tables: `deliveries`, `delivery_attempts`, `job_runs` (docs/architecture.md "Data ownership"). */
export abstract class DeliveryStore {
  /**
   * Inserts the rows that are not there yet (unique webhook+event, and id), with the attempt rows
   * of those given a `firstAttempt`, in one statement; returns the ids inserted.
   */
  abstract insert(rows: readonly NewDelivery[], now: Date): Promise<Set<string>>;
  /** Due pending/retrying deliveries, locked with SKIP LOCKED and leased until `leaseUntil`, oldest due first. */
  abstract claimDue(now: Date, limit: number, leaseUntil: Date): Promise<ClaimedDelivery[]>;
  /**
   * For each start (of distinct deliveries), in one statement: counts the attempt and writes its
   * row (outcome ATTEMPT_OUTCOME_PENDING) before anything is sent, if the lease is still this
   * process's. Answers in the order of `starts`: the attempt's number, or null when the lease was
   * lost (cancelled, taken over, deleted): nothing must then be sent.
   */
  abstract beginAttempts(
    starts: readonly AttemptStart[],
  ): Promise<Array<{ attemptNo: number } | null>>;
  /**
   * Gives each attempt row (of distinct deliveries) its outcome, in one statement (one
   * transaction with the dead letters' outbox rows). Answers in the order of `records`; null when
   * the delivery no longer exists (its webhook was deleted).
   */
  abstract recordAttempts(
    records: readonly AttemptRecord[],
  ): Promise<Array<RecordedAttempt | null>>;
  /**
   * recordAttempts and beginAttempts at once (all of distinct deliveries), the outcomes written no
   * later than the rows begun: an attempt taking the place of one finishing is then never written
   * while the finishing one still lacks its outcome. This default makes the two writes in that
   * order; a store that can writes both in one statement.
   */
  async recordAndBeginAttempts(
    records: readonly AttemptRecord[],
    starts: readonly AttemptStart[],
  ): Promise<{
    recorded: Array<RecordedAttempt | null>;
    begun: Array<{ attemptNo: number } | null>;
  }> {
    const recorded = records.length > 0 ? await this.recordAttempts(records) : [];
    const begun = starts.length > 0 ? await this.beginAttempts(starts) : [];
    return { recorded, begun };
  }
  /** Moves the leases this process still holds to `until`; returns the ids renewed (the others were lost or finished). */
  abstract renewLeases(
    leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>,
    until: Date,
    now: Date,
  ): Promise<Set<string>>;
  /** Gives leases back (shutdown), so the deliveries are due at once for any worker. */
  abstract releaseLeases(
    leases: ReadonlyArray<{ id: string; leases: readonly Date[] }>,
    now: Date,
  ): Promise<void>;
  /**
   * The receiver recovered: the webhook's deliveries waiting in back-off (`retrying`, due after
   * `waitingAfter`: later than any lease can run, so none is in a worker's hands) become due from
   * `now`, one every `spacingMs` in the order they were created, so they go out within seconds,
   * oldest first, without all landing on the receiver at once. Returns how many.
   */
  abstract hastenRetries(
    webhookId: string,
    now: Date,
    waitingAfter: Date,
    spacingMs: number,
  ): Promise<number>;
  /** Marks the webhook's pending and retrying deliveries `cancelled`; returns how many. */
  abstract cancelPending(webhookId: string, now: Date): Promise<number>;
  abstract countRetrying(): Promise<number>;
  abstract find(deliveryId: string): Promise<{
    id: string;
    webhookId: string;
    eventId: string;
    payload: Record<string, unknown>;
  } | null>;
  /** Start of the webhook's current run of failed attempts (none succeeded since), or null. */
  abstract failingSince(webhookId: string): Promise<Date | null>;
  /**
   * Deletes up to `limit` finished deliveries (succeeded, failed, rate-limited, cancelled) last
   * changed before `before`, with their attempts and Job runs; an original whose replay is newer
   * stays. Returns how many were deleted.
   */
  abstract pruneFinished(before: Date, limit: number): Promise<number>;
  /** Deletes up to `limit` outbox rows published before `before`; returns how many. */
  abstract pruneSentOutbox(before: Date, limit: number): Promise<number>;
  abstract recordJobRun(run: JobRunRecord): Promise<void>;
  abstract finishJobRun(
    id: string,
    status: string,
    exitCode: number | null,
    finishedAt: Date,
  ): Promise<void>;
}
