import {
  deliveryReplayRequestedEvent,
  deliveryTestRequestedEvent,
  repoChangedMessage,
} from '@gatehouse/messaging';
import { pushEvent } from '../testing/events';
import { ScriptedHttpSender, incoming, urlWebhook } from '../testing/fakes';
import { pipelineHarness } from '../testing/pipeline-harness';

const REPLAY_ID = '65f0a0b0c0d0e0f000000777';

function replayOf(webhookId: string, deliveryId: string) {
  return incoming(
    deliveryReplayRequestedEvent.encode(
      {
        replayId: REPLAY_ID,
        webhookId,
        deliveryId,
        requestedBy: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        requestedAt: '2026-01-01T12:00:00Z',
      },
      { key: webhookId, id: REPLAY_ID },
    ),
    'gatehouse.delivery-replay.v1',
  );
}

describe('ReplayIntake', () => {
  it('sends the stored payload to the webhook current URL and secret as a new delivery, once', async () => {
    const http = new ScriptedHttpSender();
    const harness = pipelineHarness({ http });
    const webhook = await harness.addWebhook(
      urlWebhook({ url: 'https://old.example/hook', secret: 'old' }),
    );
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();
    const [original] = harness.store.ofWebhook(webhook.id);

    const moved = urlWebhook({
      id: webhook.id,
      url: 'https://new.example/hook',
      secret: 'new',
      revision: 2,
    });
    harness.directory.put(moved);
    await harness.registry.refresh(webhook.id, 2);
    await harness.replays.handle(replayOf(webhook.id, original!.id));
    await harness.replays.handle(replayOf(webhook.id, original!.id));
    await harness.settle();

    expect(harness.store.deliveries.get(REPLAY_ID)).toMatchObject({
      replayOf: original!.id,
      eventId: 'evt-1',
      status: 'succeeded',
      attempts: 1,
    });
    expect(http.requests).toHaveLength(2);
    const replayed = http.requests[1]!;
    expect(replayed.url).toBe('https://new.example/hook');
    expect(replayed.headers['x-webhook-secret']).toBe('new');
    expect(replayed.headers['webhook-id']).toBe(REPLAY_ID);
    expect(replayed.body).toBe(http.requests[0]!.body);
  });

  it('records the replay of a webhook disabled meanwhile as cancelled', async () => {
    const harness = pipelineHarness();
    const webhook = await harness.addWebhook(urlWebhook());
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();
    const [original] = harness.store.ofWebhook(webhook.id);
    harness.directory.put({ ...webhook, disabled: true, revision: 2 });
    await harness.registry.refresh(webhook.id, 2);
    await harness.replays.handle(replayOf(webhook.id, original!.id));
    expect(harness.store.deliveries.get(REPLAY_ID)).toMatchObject({
      status: 'cancelled',
      lastError: 'the webhook was disabled before the replay could be sent',
    });
  });

  it('sends a test event: a ping payload for the webhook, signed like any delivery, once', async () => {
    const TEST_ID = '65f0a0b0c0d0e0f000000888';
    const http = new ScriptedHttpSender();
    const harness = pipelineHarness({ http });
    const webhook = await harness.addWebhook(urlWebhook({ secret: 'sekret' }));
    const test = incoming(
      deliveryTestRequestedEvent.encode(
        {
          testId: TEST_ID,
          webhookId: webhook.id,
          requestedBy: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          requestedAt: '2026-01-01T12:00:00Z',
        },
        { key: webhook.id, id: TEST_ID },
      ),
      'gatehouse.delivery-replay.v1',
    );
    await harness.replays.handle(test);
    await harness.replays.handle(test);
    await harness.settle();

    expect(harness.store.deliveries.get(TEST_ID)).toMatchObject({
      eventId: `test_${TEST_ID}`,
      replayOf: null,
      status: 'succeeded',
      attempts: 1,
    });
    expect(http.requests).toHaveLength(1);
    const [sent] = http.requests;
    expect(sent!.headers['webhook-id']).toBe(TEST_ID);
    expect(sent!.headers['x-webhook-secret']).toBe('sekret');
    expect(JSON.parse(sent!.body)).toMatchObject({
      event: { action: 'update', scope: 'ping' },
      webhook: { id: webhook.id, version: 3 },
    });
  });
});
