import { ScriptedHttpSender, urlWebhook, silentLogger } from '../testing/fakes';
import { aNewDelivery } from '../testing/delivery-builders';
import { pipelineHarness } from '../testing/pipeline-harness';
import { DeliveryDispatcher } from './delivery-dispatcher';
import type { DeliveryTask } from './delivery-task';
import { LeaseRenewer } from './lease-renewer';

describe('LeaseRenewer', () => {
  const LEASE_MS = 8_000;

  async function heldDeliveries(count: number) {
    const harness = pipelineHarness();
    const webhook = await harness.addWebhook(urlWebhook());
    const lease = new Date(harness.clock.now() + LEASE_MS);
    const ids = Array.from(
      { length: count },
      (_, index) => `ffffffffffffffffffff10${String(index).padStart(2, '0')}`,
    );
    await harness.store.insert(
      ids.map((id) =>
        aNewDelivery({
          id,
          webhookId: webhook.id,
          eventId: `e-${id}`,
          payload: { repo: { id: 'r' } },
          nextAttemptAt: lease,
        }),
      ),
      new Date(harness.clock.now()),
    );
    // Attempts that never finish by themselves: the test decides when each one ends.
    const finish: Array<() => void> = [];
    const dispatcher = new DeliveryDispatcher<DeliveryTask>(
      () => new Promise<void>((resolve) => finish.push(resolve)),
      { concurrency: 1, highWaterMark: 100 },
    );
    const tasks = ids.map((id): DeliveryTask => ({
      deliveryId: id,
      webhookId: webhook.id,
      eventId: `e-${id}`,
      payload: { repo: { id: 'r' } },
      attempts: 0,
      lease,
    }));
    for (const task of tasks) dispatcher.enqueue({ lane: task.deliveryId, task });
    const renewer = new LeaseRenewer(
      { store: harness.store, dispatcher, clock: harness.clock, logger: silentLogger },
      { leaseMs: LEASE_MS },
    );
    return { harness, dispatcher, tasks, renewer, finish, lease };
  }

  it('moves every held lease, running or queued, to now + the lease period', async () => {
    const { harness, tasks, renewer } = await heldDeliveries(3);
    harness.clock.advance(2_000);
    await expect(renewer.renewOnce()).resolves.toBe(3);
    const until = new Date(harness.clock.now() + LEASE_MS);
    for (const task of tasks) {
      expect(task.lease).toEqual(until);
      expect(harness.store.deliveries.get(task.deliveryId)!.nextAttemptAt).toEqual(until);
    }
  });

  it('leaves a lease another worker has taken over alone, and its task keeps its own lease', async () => {
    const { harness, tasks, renewer, lease } = await heldDeliveries(2);
    const theirs = new Date(harness.clock.now() + 30_000);
    harness.store.deliveries.get(tasks[1]!.deliveryId)!.nextAttemptAt = theirs;
    await expect(renewer.renewOnce()).resolves.toBe(1);
    expect(tasks[1]!.lease).toEqual(lease);
    expect(harness.store.deliveries.get(tasks[1]!.deliveryId)!.nextAttemptAt).toEqual(theirs);
  });

  it('an attempt recorded while a renewal is under way still owns its delivery', async () => {
    const { harness, tasks, renewer } = await heldDeliveries(1);
    const store = harness.store;
    const renew = store.renewLeases.bind(store);
    let recordedMeanwhile: boolean | undefined;
    // The renewal reaches the store first; the attempt is recorded before its answer comes back.
    store.renewLeases = async (leases, until, now) => {
      const renewed = await renew(leases, until, now);
      const task = tasks[0]!;
      const [begun] = await store.beginAttempts([
        {
          deliveryId: task.deliveryId,
          leases: [task.lease, ...(task.formerLeases ?? [])],
          attemptId: 'a'.repeat(24),
          startedAt: new Date(now),
        },
      ]);
      const [recorded] = await store.recordAttempts([
        {
          deliveryId: task.deliveryId,
          leases: [task.lease, ...(task.formerLeases ?? [])],
          attemptId: 'a'.repeat(24),
          startedAt: new Date(now),
          durationMs: 5,
          statusCode: 204,
          error: null,
          responseExcerpt: null,
          next: { status: 'succeeded' },
          now,
        },
      ]);
      recordedMeanwhile = begun !== null && recorded!.applied;
      return renewed;
    };
    await renewer.renewOnce();
    expect(recordedMeanwhile).toBe(true);
    expect(store.deliveries.get(tasks[0]!.deliveryId)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      nextAttemptAt: null,
    });
  });

  it('holds nothing once the attempts have finished', async () => {
    const { dispatcher, renewer, finish } = await heldDeliveries(2);
    finish.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    finish.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(dispatcher.held()).toEqual([]);
    await expect(renewer.renewOnce()).resolves.toBe(0);
  });

  it.each(['beginAttempts', 'recordAttempts'] as const)(
    'an attempt whose %s statement meets a renewal committed after the statement was built is sent once and moves its delivery on',
    async (method) => {
      const http = new ScriptedHttpSender();
      const harness = pipelineHarness({ http });
      const webhook = await harness.addWebhook(urlWebhook());
      const id = 'ffffffffffffffffffff2000';
      await harness.store.insert(
        [
          aNewDelivery({
            id,
            webhookId: webhook.id,
            eventId: 'e-raced',
            payload: { repo: { id: 'r' } },
            nextAttemptAt: new Date(harness.clock.now()),
          }),
        ],
        new Date(harness.clock.now()),
      );
      const renewer = new LeaseRenewer(
        {
          store: harness.store,
          dispatcher: harness.dispatcher,
          clock: harness.clock,
          logger: silentLogger,
        },
        { leaseMs: harness.settings.leaseMs },
      );
      const store = harness.store;
      let raced = false;
      // The statement carries the lease values of its building; the renewal takes the row first.
      const renewalFirst = async () => {
        if (raced) return;
        raced = true;
        harness.clock.advance(1_000);
        await expect(renewer.renewOnce()).resolves.toBe(1);
      };
      if (method === 'beginAttempts') {
        const begin = store.beginAttempts.bind(store);
        store.beginAttempts = async (starts) => (await renewalFirst(), begin(starts));
      } else {
        const record = store.recordAttempts.bind(store);
        store.recordAttempts = async (records) => (await renewalFirst(), record(records));
      }
      await harness.scheduler.pollOnce();
      await harness.settle();

      expect(raced).toBe(true);
      expect(http.requests).toHaveLength(1);
      expect(harness.store.deliveries.get(id)).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        nextAttemptAt: null,
      });
      expect(
        harness.store.attempts.map(({ attemptNo, statusCode, error }) => ({
          attemptNo,
          statusCode,
          error,
        })),
      ).toEqual([{ attemptNo: 1, statusCode: 204, error: null }]);
    },
  );
});
