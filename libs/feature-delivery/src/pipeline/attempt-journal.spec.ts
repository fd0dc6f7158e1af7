import { ConcurrencyLimit } from '@gatehouse/crypto';
import { Registry } from 'prom-client';
import { ScriptedHttpSender, silentLogger, testBox, urlWebhook } from '../testing/fakes';
import { aNewDelivery } from '../testing/delivery-builders';
import { pipelineHarness } from '../testing/pipeline-harness';
import { DeliveryMetrics } from '../metrics/delivery-metrics';
import { AttemptJournal } from './attempt-journal';
import { DeliveryAttempt } from './delivery-attempt';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { DeliveryIds } from './delivery-ids';
import { type DeliveryTask, laneOf } from './delivery-task';
import {
  ATTEMPT_OUTCOME_PENDING,
  type AttemptRecord,
  type AttemptStart,
} from './ports/delivery.store';
import { WebhookAutoDisabler } from './webhook-auto-disabler';

const LEASE_MS = 60_000;

/** Statements as the store saw them: the deliveries each one recorded and began. */
type Statement = { recorded: string[]; begun: string[] };

async function leasedDeliveries(count: number, http = new ScriptedHttpSender()) {
  const harness = pipelineHarness({ http });
  const webhook = await harness.addWebhook(urlWebhook());
  const lease = new Date(harness.clock.now() + LEASE_MS);
  const ids = Array.from(
    { length: count },
    (_, index) => `ffffffffffffffffffff30${String(index).padStart(2, '0')}`,
  );
  await harness.store.insert(
    ids.map((id) =>
      aNewDelivery({
        id,
        webhookId: webhook.id,
        eventId: `e-${id}`,
        payload: { repo: { id: `r-${id}` } },
        nextAttemptAt: lease,
      }),
    ),
    new Date(harness.clock.now()),
  );
  const tasks = ids.map((id): DeliveryTask => ({
    deliveryId: id,
    webhookId: webhook.id,
    eventId: `e-${id}`,
    payload: { repo: { id: `r-${id}` } },
    attempts: 0,
    lease,
  }));
  const statements: Statement[] = [];
  const store = harness.store;
  const write = store.recordAndBeginAttempts.bind(store);
  store.recordAndBeginAttempts = (
    records: readonly AttemptRecord[],
    starts: readonly AttemptStart[],
  ) => {
    statements.push({
      recorded: records.map((record) => record.deliveryId),
      begun: starts.map((start) => start.deliveryId),
    });
    return write(records, starts);
  };
  return { harness, http, tasks, statements };
}

function success(attemptId: string, now: Date): Omit<AttemptRecord, 'deliveryId' | 'leases'> {
  return {
    attemptId,
    startedAt: now,
    durationMs: 5,
    statusCode: 204,
    error: null,
    responseExcerpt: null,
    next: { status: 'succeeded' },
    now,
  };
}

describe('AttemptJournal', () => {
  it('writes an outcome and the attempts begun in the same turn in one statement, each answered as its own write', async () => {
    const { harness, tasks, statements } = await leasedDeliveries(3);
    const journal = new AttemptJournal(harness.store);
    const now = new Date(harness.clock.now());
    await expect(journal.begin(tasks[0]!, 'a'.repeat(24), now)).resolves.toEqual({ attemptNo: 1 });

    const written = await Promise.all([
      journal.record(tasks[0]!, success('a'.repeat(24), now)),
      journal.begin(tasks[1]!, 'b'.repeat(24), now),
      journal.begin(tasks[2]!, 'c'.repeat(24), now),
    ]);

    expect(written).toEqual([{ attemptNo: 1, applied: true }, { attemptNo: 1 }, { attemptNo: 1 }]);
    expect(statements).toEqual([
      { recorded: [], begun: [tasks[0]!.deliveryId] },
      { recorded: [tasks[0]!.deliveryId], begun: [tasks[1]!.deliveryId, tasks[2]!.deliveryId] },
    ]);
    expect(harness.store.attempts.map(({ deliveryId, error }) => ({ deliveryId, error }))).toEqual([
      { deliveryId: tasks[0]!.deliveryId, error: null },
      { deliveryId: tasks[1]!.deliveryId, error: ATTEMPT_OUTCOME_PENDING },
      { deliveryId: tasks[2]!.deliveryId, error: ATTEMPT_OUTCOME_PENDING },
    ]);
  });

  it('answers a begin whose lease was lost with null, and the outcome beside it as applied', async () => {
    const { harness, tasks } = await leasedDeliveries(2);
    const journal = new AttemptJournal(harness.store);
    const now = new Date(harness.clock.now());
    await journal.begin(tasks[0]!, 'a'.repeat(24), now);
    harness.store.deliveries.get(tasks[1]!.deliveryId)!.nextAttemptAt = new Date(
      now.getTime() + 5 * LEASE_MS,
    );

    const written = await Promise.all([
      journal.record(tasks[0]!, success('a'.repeat(24), now)),
      journal.begin(tasks[1]!, 'b'.repeat(24), now),
    ]);

    expect(written).toEqual([{ attemptNo: 1, applied: true }, null]);
    expect(harness.store.deliveries.get(tasks[1]!.deliveryId)!.attempts).toBe(0);
  });

  it('starts a statement only once the one under way has finished: what is handed in meanwhile goes in the next', async () => {
    const { harness, tasks } = await leasedDeliveries(2);
    const store = harness.store;
    const write = store.recordAndBeginAttempts.bind(store);
    const events: string[] = [];
    let finishFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (finishFirst = resolve));
    let calls = 0;
    store.recordAndBeginAttempts = async (records, starts) => {
      const call = (calls += 1);
      events.push(`statement ${call} starts`);
      if (call === 1) await firstHeld;
      const written = await write(records, starts);
      events.push(`statement ${call} done`);
      return written;
    };
    const journal = new AttemptJournal(store);
    const now = new Date(harness.clock.now());
    const first = journal.begin(tasks[0]!, 'a'.repeat(24), now);
    await new Promise((resolve) => setImmediate(resolve));
    const second = journal.begin(tasks[1]!, 'b'.repeat(24), now);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['statement 1 starts']);

    finishFirst();
    await expect(Promise.all([first, second])).resolves.toEqual([
      { attemptNo: 1 },
      { attemptNo: 1 },
    ]);
    expect(events).toEqual([
      'statement 1 starts',
      'statement 1 done',
      'statement 2 starts',
      'statement 2 done',
    ]);
  });
});

describe('an attempt giving its place back', () => {
  async function handOverRig(count: number, places: number) {
    const rig = await leasedDeliveries(count);
    const { harness } = rig;
    const { store, registry, http, jobs, jobTokens, clock, disabler } = harness;
    const outboxWritten = () => undefined;
    const attempt = new DeliveryAttempt(
      {
        store,
        registry,
        http,
        jobs,
        jobTokens,
        secretBox: testBox,
        autoDisabler: new WebhookAutoDisabler(
          {
            store,
            disabler,
            registry,
            clock,
            outboxWritten,
            logger: silentLogger,
            health: harness.health,
          },
          harness.settings.autoDisableAfterMs,
        ),
        health: harness.health,
        metrics: new DeliveryMetrics(new Registry()),
        clock,
        ids: new DeliveryIds(),
        random: () => 0.5,
        sendSlots: new ConcurrencyLimit(places),
        outboxWritten,
        logger: silentLogger,
      },
      harness.settings,
    );
    const dispatcher = new DeliveryDispatcher<DeliveryTask>(
      (task, laneFree, placeFree) => attempt.run(task, laneFree, placeFree),
      { concurrency: places, highWaterMark: 100 },
    );
    /** Resolves once every queued attempt has run. */
    const settle = async () => {
      for (
        let turns = 0;
        turns < 1000 && (dispatcher.depth > 0 || dispatcher.inFlight > 0);
        turns += 1
      )
        await new Promise((resolve) => setImmediate(resolve));
    };
    return { ...rig, dispatcher, settle };
  }

  it('lets the next attempt begin in the statement that records its outcome', async () => {
    const { harness, http, tasks, statements, dispatcher, settle } = await handOverRig(6, 2);
    for (const task of tasks) dispatcher.enqueue({ lane: laneOf(task), task });
    await settle();

    const id = (index: number) => tasks[index]!.deliveryId;
    expect(statements).toEqual([
      { recorded: [], begun: [id(0), id(1)] },
      { recorded: [id(0), id(1)], begun: [id(2), id(3)] },
      { recorded: [id(2), id(3)], begun: [id(4), id(5)] },
      { recorded: [id(4), id(5)], begun: [] },
    ]);
    expect(http.requests).toHaveLength(6);
    for (const task of tasks)
      expect(harness.store.deliveries.get(task.deliveryId)).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        nextAttemptAt: null,
      });
  });

  it('never leaves more attempt rows without an outcome than places', async () => {
    const { harness, tasks, dispatcher, settle } = await handOverRig(9, 2);
    const store = harness.store;
    const write = store.recordAndBeginAttempts.bind(store);
    const withoutOutcome: number[] = [];
    store.recordAndBeginAttempts = async (records, starts) => {
      const written = await write(records, starts);
      withoutOutcome.push(
        store.attempts.filter((row) => row.error === ATTEMPT_OUTCOME_PENDING).length,
      );
      return written;
    };
    for (const task of tasks) dispatcher.enqueue({ lane: laneOf(task), task });
    await settle();

    expect(withoutOutcome.length).toBeGreaterThan(1);
    expect(Math.max(...withoutOutcome)).toBe(2);
    expect(withoutOutcome.at(-1)).toBe(0);
    expect(store.attempts).toHaveLength(9);
  });
});
