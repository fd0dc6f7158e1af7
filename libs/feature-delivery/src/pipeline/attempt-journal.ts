import { AttemptRecord, DeliveryStore, RecordedAttempt } from './ports/delivery-store';
import { type DeliveryTask, leasesOf } from './delivery-task';
import { WriteCoalescer } from './write-coalescer';

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
    return this.begins.submit({ task, attemptId, startedAt });
  }

  /** Gives the attempt row its outcome and moves the delivery on (as the lease holder only). */
  record(task: DeliveryTask, record: Outcome['record']): Promise<RecordedAttempt | null> {
    return this.outcomes.submit({ task, record });
  }
}
