import { repoChangedMessage } from '@gatehouse/messaging';
import { pushEvent } from '../testing/events';
import { incoming, ScriptedHttpSender, urlWebhook } from '../testing/fakes';
import { pipelineHarness } from '../testing/pipeline-harness';

const status = (code: number) => ({
  kind: 'response' as const,
  status: code,
  retryAfter: null,
  excerpt: null,
});

describe('recovery without waiting out the schedule', () => {
  async function receiverDownForThreeEvents() {
    const http = new ScriptedHttpSender([status(500), status(500), status(500), status(204)]);
    const harness = pipelineHarness({ http, retryScheduleSeconds: [300, 1800] });
    const webhook = await harness.addWebhook(urlWebhook());
    for (const id of ['evt-1', 'evt-2', 'evt-3']) {
      await harness.intake.handle(incoming(repoChangedMessage(pushEvent(id))));
      await harness.settle();
    }
    const waiting = harness.store.ofWebhook(webhook.id);
    expect(waiting.map((delivery) => delivery.status)).toEqual([
      'retrying',
      'retrying',
      'retrying',
    ]);
    return { http, harness, webhook };
  }

  /** The deliveries each request carried, in the order sent (`webhook-id` is the delivery id). */
  const deliveriesSent = (http: ScriptedHttpSender) =>
    http.requests.map((request) => request.headers['webhook-id']);

  it('sends the waiting retries, in order, within seconds of the receiver answering again', async () => {
    const { http, harness, webhook } = await receiverDownForThreeEvents();
    const waitingIds = harness.store.ofWebhook(webhook.id).map((delivery) => delivery.id);

    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-4'))));
    await harness.settle();
    harness.clock.advance(1_000);
    await harness.scheduler.pollOnce();
    await harness.settle();

    const deliveries = harness.store.ofWebhook(webhook.id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(deliveriesSent(http).slice(4)).toEqual(waitingIds);
  });

  it('leaves the schedule alone while the receiver keeps failing', async () => {
    const http = new ScriptedHttpSender([status(500)]);
    const harness = pipelineHarness({ http, retryScheduleSeconds: [300, 1800] });
    const webhook = await harness.addWebhook(urlWebhook());
    for (const id of ['evt-1', 'evt-2']) {
      await harness.intake.handle(incoming(repoChangedMessage(pushEvent(id))));
      await harness.settle();
    }
    const due = harness.store.ofWebhook(webhook.id).map((delivery) => delivery.nextAttemptAt);
    harness.clock.advance(1_000);
    await harness.scheduler.pollOnce();
    await harness.settle();
    expect(http.requests).toHaveLength(2);
    expect(harness.store.ofWebhook(webhook.id).map((delivery) => delivery.nextAttemptAt)).toEqual(
      due,
    );
  });
});
