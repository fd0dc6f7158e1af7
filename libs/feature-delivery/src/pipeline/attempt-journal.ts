import {
  AttemptRecord,
  AttemptStart,
  DeliveryStore,
  RecordedAttempt,
} from './ports/delivery.store';
import { type DeliveryTask, leasesOf } from './delivery-task';
import { WriteCoalescer } from './write-coalescer';

/**
 * Tries of one begin or record whose lease looked lost while a renewal was asked for: a renewal
 * committed between the statement's building and its row lock moves the lease to a value the
 * statement did not carry, and the row no longer matches.
 */
const TRIES_WHILE_RENEWED = 3;

/**
 * Most attempts one statement begins or records: the outcomes of every place under way
 * (`tuning.concurrency` × ATTEMPTS_PER_SEND_SLOT, 256 by default) and the begins of the attempts
 * taking them fit in one.
 */
const MAX_ATTEMPTS_PER_WRITE = 1_000;
/**
 * One statement under way at a time: an attempt begun after an outcome was handed in (the attempt
 * taking its place) is then written in the same statement or a later one, never committed before
 * it, so the attempt rows without an outcome stay within the places under way.
 */
const WRITES_IN_FLIGHT = 1;

type Entry =
  | { kind: 'begin'; task: DeliveryTask; attemptId: string; startedAt: Date }
  | { kind: 'record'; task: DeliveryTask; record: Omit<AttemptRecord, 'deliveryId' | 'leases'> };

type Answer =
  | { kind: 'begun'; begun: { attemptNo: number } | null }
  | { kind: 'recorded'; recorded: RecordedAttempt | null };

/**
 * Where attempts write their rows: the outcomes arriving together and the attempts beginning
 * together (a batch of events dispatched at once, or the attempts taking the places of those
 * finishing) go in one statement, instead of two statements per attempt or one per kind. The
 * lease values are read from the task when the statement is built, so a renewal asked for while
 * an attempt waited for its write still counts as this process's.
 */
export class AttemptJournal {
  private readonly writes: WriteCoalescer<Entry, Answer>;

  constructor(store: DeliveryStore) {
    this.writes = new WriteCoalescer((entries) => writeTogether(store, entries), {
      maxBatch: MAX_ATTEMPTS_PER_WRITE,
      maxWrites: WRITES_IN_FLIGHT,
      keyOf: (entry) => entry.task.deliveryId,
    });
  }

  /** The attempt's number once its row is written, or null when the lease was lost: nothing must be sent. */
  begin(
    task: DeliveryTask,
    attemptId: string,
    startedAt: Date,
  ): Promise<{ attemptNo: number } | null> {
    const write = async () => {
      const answer = await this.writes.submit({ kind: 'begin', task, attemptId, startedAt });
      return answer.kind === 'begun' ? answer.begun : null;
    };
    return whileRenewed(task, write, (begun) => begun === null);
  }

  /**
   * Gives the attempt row its outcome and moves the delivery on (as the lease holder only). An
   * attempt begun once this has been called is written in the same statement or a later one.
   */
  record(
    task: DeliveryTask,
    record: Omit<AttemptRecord, 'deliveryId' | 'leases'>,
  ): Promise<RecordedAttempt | null> {
    const write = async () => {
      const answer = await this.writes.submit({ kind: 'record', task, record });
      return answer.kind === 'recorded' ? answer.recorded : null;
    };
    // Writing the same outcome again changes nothing of the attempt's row.
    return whileRenewed(task, write, (recorded) => recorded !== null && !recorded.applied);
  }
}

async function writeTogether(store: DeliveryStore, entries: Entry[]): Promise<Answer[]> {
  const records: AttemptRecord[] = [];
  const starts: AttemptStart[] = [];
  for (const entry of entries) {
    const delivery = { deliveryId: entry.task.deliveryId, leases: leasesOf(entry.task) };
    if (entry.kind === 'record') records.push({ ...entry.record, ...delivery });
    else starts.push({ ...delivery, attemptId: entry.attemptId, startedAt: entry.startedAt });
  }
  const { recorded, begun } = await store.recordAndBeginAttempts(records, starts);
  let nextRecorded = 0;
  let nextBegun = 0;
  return entries.map((entry): Answer =>
    entry.kind === 'record'
      ? { kind: 'recorded', recorded: recorded[nextRecorded++] ?? null }
      : { kind: 'begun', begun: begun[nextBegun++] ?? null },
  );
}

/**
 * Writes, and writes again while the answer says the lease was lost but a renewal was asked for
 * meanwhile (its value may be the row's now); a lease really lost answers the same again.
 */
async function whileRenewed<O>(
  task: DeliveryTask,
  write: () => Promise<O>,
  leaseLost: (output: O) => boolean,
): Promise<O> {
  for (let tries = 1; ; tries += 1) {
    const newest = newestLease(task);
    const output = await write();
    if (!leaseLost(output) || tries >= TRIES_WHILE_RENEWED || newestLease(task) <= newest)
      return output;
  }
}

function newestLease(task: DeliveryTask): number {
  return Math.max(...leasesOf(task).map((lease) => lease.getTime()));
}
