import { AttemptRecord, DeliveryStore, RecordedAttempt } from './ports/delivery-store';
import { type DeliveryTask, leasesOf } from './delivery-task';
import { WriteCoalescer } from './write-coalescer';

/**
 * Tries of one begin or record whose lease looked lost while a renewal was asked for: a renewal
 * committed between the statement's building and its row lock moves the lease to a value the
 * statement did not carry, and the row no longer matches.
 */
const TRIES_WHILE_RENEWED = 3;

/** Most attempts one statement begins or records. */
const MAX_ATTEMPTS_PER_WRITE = 500;
/** Statements of each kind under way at once: the next batch forms while one runs. */
const WRITES_IN_FLIGHT = 2;

interface Begin {
  task: DeliveryTask;
  attemptId: string;
  startedAt: Date;
}

interface Outcome {
  task: DeliveryTask;
  record: Omit<AttemptRecord, 'deliveryId' | 'leases'>;
}

/**
 * Where attempts write their rows: the attempts beginning at once (a batch of events dispatched
 * together) are counted and their rows inserted in one multi-row statement, and the outcomes
 * arriving together are recorded in one, instead of two statements per attempt. The lease values
 * are read from the task when the statement is built, so a renewal asked for while an attempt
 * waited for its write still counts as this process's.
 */
export class AttemptJournal {
  private readonly begins: WriteCoalescer<Begin, { attemptNo: number } | null>;
  private readonly outcomes: WriteCoalescer<Outcome, RecordedAttempt | null>;

  constructor(store: DeliveryStore) {
    this.begins = new WriteCoalescer(
      (inputs) => store.beginAttempts(inputs.map(({ task, attemptId, startedAt }) => ({ deliveryId: task.deliveryId, leases: leasesOf(task), attemptId, startedAt }))),
      { maxBatch: MAX_ATTEMPTS_PER_WRITE, maxWrites: WRITES_IN_FLIGHT, keyOf: (input) => input.task.deliveryId },
    );
    this.outcomes = new WriteCoalescer(
      (inputs) => store.recordAttempts(inputs.map(({ task, record }) => ({ ...record, deliveryId: task.deliveryId, leases: leasesOf(task) }))),
      { maxBatch: MAX_ATTEMPTS_PER_WRITE, maxWrites: WRITES_IN_FLIGHT, keyOf: (input) => input.task.deliveryId },
    );
  }

  /** The attempt's number once its row is written, or null when the lease was lost: nothing must be sent. */
  begin(task: DeliveryTask, attemptId: string, startedAt: Date): Promise<{ attemptNo: number } | null> {
    return whileRenewed(task, () => this.begins.submit({ task, attemptId, startedAt }), (begun) => begun === null);
  }

  /** Gives the attempt row its outcome and moves the delivery on (as the lease holder only). */
  record(task: DeliveryTask, record: Outcome['record']): Promise<RecordedAttempt | null> {
    // Writing the same outcome again changes nothing of the attempt's row.
    return whileRenewed(task, () => this.outcomes.submit({ task, record }), (recorded) => recorded !== null && !recorded.applied);
  }
}

/**
 * Writes, and writes again while the answer says the lease was lost but a renewal was asked for
 * meanwhile (its value may be the row's now); a lease really lost answers the same again.
 */
async function whileRenewed<O>(task: DeliveryTask, write: () => Promise<O>, leaseLost: (output: O) => boolean): Promise<O> {
  for (let tries = 1; ; tries += 1) {
    const newest = newestLease(task);
    const output = await write();
    if (!leaseLost(output) || tries >= TRIES_WHILE_RENEWED || newestLease(task) <= newest) return output;
  }
}

function newestLease(task: DeliveryTask): number {
  return Math.max(...leasesOf(task).map((lease) => lease.getTime()));
}
