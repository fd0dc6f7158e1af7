import type { RepoChangeEvent } from '@gatehouse/domain';
import { pushEvent } from '../testing/events';
import { ATTEMPT_OUTCOME_PENDING } from './ports/delivery.store';
import { incoming, ScriptedHttpSender, urlWebhook } from '../testing/fakes';
import { pipelineHarness } from '../testing/pipeline-harness';
import { repoChangedMessage } from '@gatehouse/messaging';
import {
  HttpDeliveryRequest,
  HttpDeliveryResult,
  HttpDeliverySender,
} from '../http/ports/http-delivery-sender';

/** Answers 204 to every request, but only once released: the requests in flight can be counted. */
class GatedHttpSender extends HttpDeliverySender {
  readonly requests: HttpDeliveryRequest[] = [];
  private open = false;
  private waiting: Array<() => void> = [];

  async post(request: HttpDeliveryRequest): Promise<HttpDeliveryResult> {
    this.requests.push(request);
    if (!this.open) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return { kind: 'response', status: 204, retryAfter: null, excerpt: null };
  }

  get held(): number {
    return this.waiting.length;
  }

  release(): void {
    this.open = true;
    this.waiting.splice(0).forEach((resolve) => resolve());
  }

  async close(): Promise<void> {}
}

/** Event `n` of one partition: a model of its own of the watched organization. */
function event(n: number): RepoChangeEvent {
  const base = pushEvent(`evt-${n}`);
  return {
    ...base,
    repo: {
      ...base.repo,
      name: `openai-community/model-${n}`,
      id: `65f${String(n).padStart(21, '0')}`,
    },
  };
}

function batch(from: number, count: number) {
  return Array.from({ length: count }, (_, index) =>
    incoming(
      repoChangedMessage(event(from + index)),
      'gatehouse.repo-events.v1',
      0,
      String(from + index),
    ),
  );
}

const turns = async (count = 50) => {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('RepoEventIntake.handleBatch', () => {
  const organizationWebhook = () =>
    urlWebhook({ watched: [{ type: 'org', name: 'openai-community' }] });

  it('records a batch and begins the attempts it starts at once in one insert, and sends them side by side', async () => {
    const http = new GatedHttpSender();
    const harness = pipelineHarness({ http });
    const webhook = await harness.addWebhook(organizationWebhook());
    await harness.intake.handleBatch(batch(0, 4));
    await turns();

    // Four events of one partition, four attempts in flight at once (the harness allows four).
    expect(http.held).toBe(4);
    expect(harness.store.writes).toEqual([{ kind: 'insert', rows: 4 }]);
    expect(harness.store.attempts.map(({ attemptNo, error }) => ({ attemptNo, error }))).toEqual(
      [0, 1, 2, 3].map(() => ({ attemptNo: 1, error: ATTEMPT_OUTCOME_PENDING })),
    );
    http.release();
    await harness.settle();
    expect(harness.store.writes).toEqual([
      { kind: 'insert', rows: 4 },
      { kind: 'record', rows: 4 },
    ]);
    expect(
      harness.store
        .ofWebhook(webhook.id)
        .map(({ eventId, status, attempts }) => ({ eventId, status, attempts })),
    ).toEqual([0, 1, 2, 3].map((n) => ({ eventId: `evt-${n}`, status: 'succeeded', attempts: 1 })));
    expect(
      harness.store.attempts.map(({ attemptNo, statusCode, error }) => ({
        attemptNo,
        statusCode,
        error,
      })),
    ).toEqual([0, 1, 2, 3].map(() => ({ attemptNo: 1, statusCode: 204, error: null })));
  });

  it('begins in the insert only the attempts the dispatcher starts at once; the others begin theirs when their turn comes', async () => {
    const http = new GatedHttpSender();
    const harness = pipelineHarness({ http });
    const webhook = await harness.addWebhook(organizationWebhook());
    await harness.intake.handleBatch(batch(0, 6));
    await turns();

    expect(http.held).toBe(4);
    expect(harness.store.writes).toEqual([{ kind: 'insert', rows: 6 }]);
    expect(
      harness.store.attempts.map(
        ({ deliveryId }) => harness.store.deliveries.get(deliveryId)!.eventId,
      ),
    ).toEqual(['evt-0', 'evt-1', 'evt-2', 'evt-3']);
    http.release();
    await harness.settle();
    expect(harness.store.writes).toEqual([
      { kind: 'insert', rows: 6 },
      { kind: 'record', rows: 4 },
      { kind: 'begin', rows: 2 },
      { kind: 'record', rows: 2 },
    ]);
    expect(
      harness.store
        .ofWebhook(webhook.id)
        .map(({ eventId, status, attempts }) => ({ eventId, status, attempts })),
    ).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => ({ eventId: `evt-${n}`, status: 'succeeded', attempts: 1 })),
    );
    expect(
      harness.store.attempts.map(({ attemptNo, statusCode }) => ({ attemptNo, statusCode })),
    ).toEqual([0, 1, 2, 3, 4, 5].map(() => ({ attemptNo: 1, statusCode: 204 })));
  });

  it('an attempt begun in the insert whose webhook is disabled before it is sent is not sent, and its row says so', async () => {
    const http = new ScriptedHttpSender();
    const harness = pipelineHarness({ http });
    const webhook = await harness.addWebhook(organizationWebhook());
    const insert = harness.store.insert.bind(harness.store);
    harness.store.insert = async (rows, now) => {
      const inserted = await insert(rows, now);
      // Disabled between the match and the attempt.
      harness.directory.put({ ...webhook, disabled: true, revision: webhook.revision + 1 });
      await harness.registry.refresh(webhook.id, webhook.revision + 1);
      return inserted;
    };
    await harness.intake.handleBatch(batch(0, 1));
    await harness.settle();

    expect(http.requests).toHaveLength(0);
    expect(
      harness.store.ofWebhook(webhook.id).map(({ status, attempts }) => ({ status, attempts })),
    ).toEqual([{ status: 'cancelled', attempts: 1 }]);
    expect(
      harness.store.attempts.map(({ attemptNo, statusCode, error }) => ({
        attemptNo,
        statusCode,
        error,
      })),
    ).toEqual([
      {
        attemptNo: 1,
        statusCode: null,
        error: 'not sent: the webhook was disabled or deleted before the request went out',
      },
    ]);
  });

  it('begins the attempts of one lane together, but sends them one after another in event order', async () => {
    const http = new GatedHttpSender();
    const harness = pipelineHarness({ http });
    await harness.addWebhook(urlWebhook());
    const messages = ['e1', 'e2', 'e3'].map((id, n) =>
      incoming(repoChangedMessage(pushEvent(id)), 'gatehouse.repo-events.v1', 0, String(n)),
    );
    await harness.intake.handleBatch(messages);
    await turns();

    expect(harness.store.writes).toEqual([{ kind: 'insert', rows: 3 }]);
    expect(http.held).toBe(1);
    http.release();
    await harness.settle();
    const order = http.requests.map((request) => request.headers['webhook-id']);
    const events = order.map((id) => harness.store.deliveries.get(id!)!.eventId);
    expect(events).toEqual(['e1', 'e2', 'e3']);
  });

  it('resolves only once every delivery of the batch is recorded, so the bus commits past it only then', async () => {
    const harness = pipelineHarness();
    await harness.addWebhook(organizationWebhook());
    const insert = harness.store.insert.bind(harness.store);
    let allowInsert: () => void = () => undefined;
    const insertAllowed = new Promise<void>((resolve) => (allowInsert = resolve));
    harness.store.insert = async (rows, now) => {
      await insertAllowed;
      return insert(rows, now);
    };
    let resolved = false;
    const handled = harness.intake.handleBatch(batch(0, 3)).then(() => (resolved = true));
    await turns();
    expect(resolved).toBe(false);
    expect(harness.store.deliveries.size).toBe(0);

    allowInsert();
    await handled;
    expect(harness.store.deliveries.size).toBe(3);
  });

  it('a batch cut short after part of its deliveries were recorded loses none and sends none twice when read again', async () => {
    const http = new GatedHttpSender();
    http.release();
    const harness = pipelineHarness({ http });
    const webhook = await harness.addWebhook(organizationWebhook());
    const insert = harness.store.insert.bind(harness.store);
    let inserts = 0;
    harness.store.insert = async (rows, now) => {
      inserts += 1;
      // The second insert of the first reading (rows 501 to 600) never happens: the worker died.
      if (inserts === 2) throw new Error('the worker died');
      return insert(rows, now);
    };
    const messages = batch(0, 600);
    await expect(harness.intake.handleBatch(messages)).rejects.toThrow('the worker died');
    await harness.settle();
    expect(harness.store.deliveries.size).toBe(500);

    // Not committed: the bus hands the same events again.
    await harness.intake.handleBatch(messages);
    await harness.settle();
    const ids = http.requests.map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(600);
    expect(new Set(ids).size).toBe(600);
    const deliveries = harness.store.ofWebhook(webhook.id);
    expect(new Set(deliveries.map((delivery) => delivery.eventId)).size).toBe(600);
    expect(
      deliveries.every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1),
    ).toBe(true);
  });

  it('gives a webhook near its trigger limit its remaining triggers in event order, an event read again taking none', async () => {
    const harness = pipelineHarness({ triggerLimit: 3 });
    const webhook = await harness.addWebhook(organizationWebhook());
    await harness.intake.handleBatch(batch(0, 1));
    await harness.intake.handleBatch(batch(0, 4));
    await harness.settle();
    expect(
      harness.store.ofWebhook(webhook.id).map(({ eventId, status }) => ({ eventId, status })),
    ).toEqual([
      { eventId: 'evt-0', status: 'succeeded' },
      { eventId: 'evt-1', status: 'succeeded' },
      { eventId: 'evt-2', status: 'succeeded' },
      { eventId: 'evt-3', status: 'rate_limited' },
    ]);
  });

  it('refuses a batch holding an invalid event and records nothing of it, so the bus takes its events one by one', async () => {
    const harness = pipelineHarness();
    await harness.addWebhook(organizationWebhook());
    const [good, bad] = batch(0, 2);
    await expect(
      harness.intake.handleBatch([good!, { ...bad!, value: '{"id":"x"}' }]),
    ).rejects.toMatchObject({ name: 'InvalidEventError' });
    expect(harness.store.deliveries.size).toBe(0);
  });
});
