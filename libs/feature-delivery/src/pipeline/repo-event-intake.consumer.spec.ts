import { repoChangedMessage } from '@gatehouse/messaging';
import { standardWebhookSecret } from '@gatehouse/domain/testing';
import { Webhook } from 'standardwebhooks';
import { GPT2_REPO_ID, pushEvent } from '../testing/events';
import { ScriptedHttpSender, incoming, urlWebhook } from '../testing/fakes';
import { pipelineHarness } from '../testing/pipeline-harness';

describe('RepoEventIntake', () => {
  it('delivers a matching event once: payload v3, X-Webhook-Secret and a Standard Webhooks signature', async () => {
    const harness = pipelineHarness();
    const webhook = await harness.addWebhook(
      urlWebhook({ url: 'https://receiver.example/hook', secret: 'my-secret' }),
    );
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();

    const [delivery] = harness.store.ofWebhook(webhook.id);
    expect(delivery).toMatchObject({
      eventId: 'evt-1',
      status: 'succeeded',
      attempts: 1,
      replayOf: null,
    });
    const [request] = (harness.http as ScriptedHttpSender).requests;
    expect(request!.url).toBe('https://receiver.example/hook');
    expect(JSON.parse(request!.body)).toEqual({
      event: { action: 'update', scope: 'repo.content' },
      repo: {
        type: 'model',
        name: 'openai-community/gpt2',
        id: GPT2_REPO_ID,
        private: false,
        url: {
          web: 'https://hub.example/openai-community/gpt2',
          api: 'https://hub.example/api/models/openai-community/gpt2',
        },
        headSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600',
        owner: { id: 'bbbbbbbbbbbbbbbbbbbbbbbb' },
      },
      webhook: { id: webhook.id, version: 3 },
      updatedRefs: [
        {
          ref: 'refs/heads/main',
          oldSha: 'a'.repeat(40),
          newSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600',
        },
      ],
    });
    expect(request!.headers).toEqual({
      'content-type': 'application/json',
      'user-agent': 'Gatehouse-Webhooks/test',
      'x-webhook-secret': 'my-secret',
      'webhook-id': delivery!.id,
      'webhook-timestamp': String(harness.clock.now() / 1000),
      'webhook-signature': expect.stringMatching(/^v1,/),
    });
    // The reference package signs the same message to the same signature.
    expect(request!.headers['webhook-signature']).toBe(
      new Webhook(standardWebhookSecret('my-secret')).sign(
        delivery!.id,
        new Date(harness.clock.now()),
        request!.body,
      ),
    );
    expect(harness.store.attempts).toMatchObject([
      { deliveryId: delivery!.id, attemptNo: 1, statusCode: 204, error: null },
    ]);
    expect(await harness.metric('gatehouse_webhook_deliveries_total')).toContain(
      'gatehouse_webhook_deliveries_total{outcome="succeeded",target="url"} 1',
    );
  });

  it('never records or sends an event twice to one webhook when the bus redelivers it', async () => {
    const harness = pipelineHarness();
    const webhook = await harness.addWebhook(urlWebhook());
    const message = incoming(repoChangedMessage(pushEvent('evt-1')));
    await harness.intake.handle(message);
    await harness.settle();
    await harness.intake.handle(message);
    await harness.settle();
    expect(harness.store.ofWebhook(webhook.id)).toHaveLength(1);
    expect((harness.http as ScriptedHttpSender).requests).toHaveLength(1);
  });

  it('records nothing for an event no webhook watches, or a domain it does not want', async () => {
    const harness = pipelineHarness();
    await harness.addWebhook(urlWebhook({ watched: [{ type: 'model', name: 'someone/else' }] }));
    await harness.addWebhook(urlWebhook({ domains: ['discussion'] }));
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();
    expect(harness.store.deliveries.size).toBe(0);
  });

  it('records deliveries beyond the trigger limit as rate_limited and sends none of them', async () => {
    const harness = pipelineHarness({ triggerLimit: 1 });
    const webhook = await harness.addWebhook(urlWebhook());
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-2'))));
    await harness.settle();
    expect(
      harness.store
        .ofWebhook(webhook.id)
        .map(({ eventId, status, lastError }) => ({ eventId, status, lastError })),
    ).toEqual([
      { eventId: 'evt-1', status: 'succeeded', lastError: null },
      {
        eventId: 'evt-2',
        status: 'rate_limited',
        lastError: 'over the limit of 1 triggers per 24 hours',
      },
    ]);
    expect((harness.http as ScriptedHttpSender).requests).toHaveLength(1);
  });

  it('sends the first attempts of one repository to one webhook in event order', async () => {
    const harness = pipelineHarness();
    await harness.addWebhook(urlWebhook());
    for (const id of ['e1', 'e2', 'e3', 'e4'])
      await harness.intake.handle(
        incoming(repoChangedMessage(pushEvent(id, { time: '2026-01-01T11:00:00Z' }))),
      );
    await harness.settle();
    const order = (harness.http as ScriptedHttpSender).requests.map(
      (request) => request.headers['webhook-id'],
    );
    const deliveries = [...harness.store.deliveries.values()].sort(
      (a, b) => order.indexOf(a.id) - order.indexOf(b.id),
    );
    expect(deliveries.map((delivery) => delivery.eventId)).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('refuses an invalid event so the bus dead-letters it', async () => {
    const harness = pipelineHarness();
    const message = {
      ...incoming(repoChangedMessage(pushEvent('evt-1'))),
      value: '{"id":"x","type":"repo.changed","version":1,"time":"2026-01-01T00:00:00Z","data":{}}',
    };
    await expect(harness.intake.handle(message)).rejects.toMatchObject({
      name: 'InvalidEventError',
      reason: 'invalid_data',
    });
  });
});
