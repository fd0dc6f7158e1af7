import { Webhook } from 'standardwebhooks';
import { webhookSecretContext } from '@gatehouse/domain';
import { repoChangedMessage } from '@gatehouse/messaging';
import { pushEvent } from '../testing/events';
import {
  RecordingJobLauncher,
  ScriptedHttpSender,
  incoming,
  testBox,
  urlWebhook,
} from '../testing/fakes';
import { aNewDelivery } from '../testing/delivery-builders';
import { pipelineHarness } from '../testing/pipeline-harness';
import { ATTEMPT_OUTCOME_PENDING } from './ports/delivery.store';

const status = (code: number, retryAfter: string | null = null) => ({
  kind: 'response' as const,
  status: code,
  retryAfter,
  excerpt: `answer ${code}`,
});

describe('DeliveryAttempt', () => {
  it('retries a failing receiver on the schedule and succeeds on the third attempt, every attempt recorded', async () => {
    const http = new ScriptedHttpSender([status(500), status(500), status(200)]);
    const harness = pipelineHarness({ http, retryScheduleSeconds: [5, 30] });
    const webhook = await harness.addWebhook(urlWebhook());
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();
    const [delivery] = harness.store.ofWebhook(webhook.id);
    expect(delivery).toMatchObject({
      status: 'retrying',
      attempts: 1,
      nextAttemptAt: new Date(harness.clock.now() + 5_000),
      lastStatusCode: 500,
    });

    await harness.scheduler.pollOnce();
    await harness.settle();
    expect(http.requests).toHaveLength(1);
    harness.clock.advance(5_000);
    await harness.scheduler.pollOnce();
    await harness.settle();
    expect(delivery).toMatchObject({
      status: 'retrying',
      attempts: 2,
      nextAttemptAt: new Date(harness.clock.now() + 30_000),
    });
    harness.clock.advance(30_000);
    await harness.scheduler.pollOnce();
    await harness.settle();

    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      nextAttemptAt: null,
      lastStatusCode: 200,
      lastError: null,
    });
    expect(
      harness.store.attempts.map(({ attemptNo, statusCode, error, responseExcerpt }) => ({
        attemptNo,
        statusCode,
        error,
        responseExcerpt,
      })),
    ).toEqual([
      {
        attemptNo: 1,
        statusCode: 500,
        error: 'the receiver answered HTTP 500',
        responseExcerpt: 'answer 500',
      },
      {
        attemptNo: 2,
        statusCode: 500,
        error: 'the receiver answered HTTP 500',
        responseExcerpt: 'answer 500',
      },
      { attemptNo: 3, statusCode: 200, error: null, responseExcerpt: 'answer 200' },
    ]);
    // webhook-id is stable across retries.
    expect(new Set(http.requests.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([delivery!.id]),
    );
  });

  it('dead-letters after the last try: failed, and a delivery.dead_lettered event in the outbox', async () => {
    const harness = pipelineHarness({
      http: new ScriptedHttpSender([status(500)]),
      retryScheduleSeconds: [],
    });
    const webhook = await harness.addWebhook(urlWebhook());
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();
    const [delivery] = harness.store.ofWebhook(webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(harness.store.outbox).toHaveLength(1);
    const [letter] = harness.store.outbox;
    expect(letter).toMatchObject({ topic: 'gatehouse.delivery-dlq.v1', key: webhook.id });
    expect(JSON.parse(letter!.value).data).toEqual({
      deliveryId: delivery!.id,
      webhookId: webhook.id,
      eventId: 'evt-1',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'the receiver answered HTTP 500',
      reason: 'retries_exhausted',
      failedAt: new Date(harness.clock.now()).toISOString(),
    });
    // The dead letter, and the notice that the webhook started failing.
    expect(harness.relayNotified()).toBe(2);
    expect(harness.healthStore.notices.map(({ notice }) => notice)).toEqual(['started_failing']);
    expect(harness.disabler.disabled).toEqual([]);
  });

  it('disables a webhook whose receiver answers 410 Gone', async () => {
    const harness = pipelineHarness({ http: new ScriptedHttpSender([status(410)]) });
    const webhook = await harness.addWebhook(urlWebhook());
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();
    expect(harness.disabler.disabled).toEqual([
      { webhookId: webhook.id, reason: 'Disabled automatically: the receiver answered 410 Gone' },
    ]);
    expect(harness.healthStore.notices.map(({ notice }) => notice)).toEqual([
      'started_failing',
      'disabled',
    ]);
    expect(await harness.healthStore.read(webhook.id)).toMatchObject({
      state: 'disabled',
      lastError: 'Disabled automatically: the receiver answered 410 Gone',
    });
    expect(await harness.metric('gatehouse_webhook_auto_disabled_total')).toContain(
      'gatehouse_webhook_auto_disabled_total{reason="gone"} 1',
    );
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-2'))));
    expect(harness.store.ofWebhook(webhook.id)).toHaveLength(1);
  });

  it('disables a webhook that has failed for 5 days without a success', async () => {
    const harness = pipelineHarness({
      http: new ScriptedHttpSender([status(500)]),
      retryScheduleSeconds: [],
    });
    const webhook = await harness.addWebhook(urlWebhook());
    const firstFailure = harness.clock.now();
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();
    harness.clock.advance(4 * 86_400_000);
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-2'))));
    await harness.settle();
    expect(harness.disabler.disabled).toEqual([]);
    harness.clock.advance(86_400_000);
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-3'))));
    await harness.settle();
    expect(harness.disabler.disabled).toEqual([
      {
        webhookId: webhook.id,
        reason: `Disabled automatically: every delivery since ${new Date(firstFailure).toISOString()} (5 days) has failed`,
      },
    ]);
    expect(await harness.metric('gatehouse_webhook_auto_disabled_total')).toContain(
      'gatehouse_webhook_auto_disabled_total{reason="failing"} 1',
    );
  });

  it('cancels instead of sending when the webhook is disabled between the match and the attempt', async () => {
    const harness = pipelineHarness();
    const webhook = await harness.addWebhook(urlWebhook());
    const lease = new Date(harness.clock.now() + 60_000);
    const payload = { repo: { id: 'r' } };
    await harness.store.insert(
      [
        aNewDelivery({
          id: 'ffffffffffffffffffff0002',
          webhookId: webhook.id,
          eventId: 'e',
          payload,
          nextAttemptAt: lease,
        }),
      ],
      new Date(harness.clock.now()),
    );
    harness.directory.put({ ...webhook, disabled: true, revision: 2 });
    await harness.registry.refresh(webhook.id, 2);
    harness.dispatcher.enqueue({
      lane: 'x',
      task: {
        deliveryId: 'ffffffffffffffffffff0002',
        webhookId: webhook.id,
        eventId: 'e',
        payload,
        attempts: 0,
        lease,
      },
    });
    await harness.settle();
    expect((harness.http as ScriptedHttpSender).requests).toHaveLength(0);
    expect(harness.store.deliveries.get('ffffffffffffffffffff0002')).toMatchObject({
      status: 'cancelled',
      attempts: 0,
    });
  });

  it('a Job webhook starts a Job with the payload and the webhook secrets, never the source Job secrets', async () => {
    const jobs = new RecordingJobLauncher(async () => ({
      launcher: 'recording',
      externalId: 'run-9',
      exit: Promise.resolve({ status: 'succeeded', exitCode: 0 }),
    }));
    const harness = pipelineHarness({ jobs });
    const base = urlWebhook({ secret: 'hook-secret' });
    const webhook = await harness.addWebhook({
      ...base,
      target: {
        kind: 'job',
        spec: {
          dockerImage: 'python:3.12',
          command: ['python', 'run.py'],
          environment: { MODE: 'fast' },
        },
      },
      sealedJobSecrets: {
        HF_TOKEN: testBox.encrypt('hf_webhook_token', webhookSecretContext(base.id)),
      },
    });
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-1'))));
    await harness.settle();

    const [launch] = jobs.launches;
    expect(launch!.environment).toEqual({
      MODE: 'fast',
      WEBHOOK_PAYLOAD: expect.any(String),
      WEBHOOK_REPO_ID: 'openai-community/gpt2',
      WEBHOOK_REPO_TYPE: 'model',
    });
    expect(JSON.parse(launch!.environment.WEBHOOK_PAYLOAD!)).toMatchObject({
      event: { action: 'update', scope: 'repo.content' },
      webhook: { id: webhook.id, version: 3 },
    });
    expect(launch!.secretEnvironment).toEqual({
      HF_TOKEN: 'hf_webhook_token',
      WEBHOOK_SECRET: 'hook-secret',
    });
    const [delivery] = harness.store.ofWebhook(webhook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect([...harness.store.jobRuns.values()]).toEqual([
      expect.objectContaining({
        deliveryId: delivery!.id,
        webhookId: webhook.id,
        launcher: 'recording',
        externalId: 'run-9',
        status: 'succeeded',
        exitCode: 0,
      }),
    ]);
  });

  it('does not send when failing renewals let its lease run low: the scheduler will take the delivery over', async () => {
    const harness = pipelineHarness();
    const webhook = await harness.addWebhook(urlWebhook());
    const lease = new Date(harness.clock.now() + 1_000);
    await harness.store.insert(
      [
        aNewDelivery({
          id: 'ffffffffffffffffffff0001',
          webhookId: webhook.id,
          nextAttemptAt: lease,
        }),
      ],
      new Date(harness.clock.now()),
    );
    harness.dispatcher.enqueue({
      lane: 'x',
      task: {
        deliveryId: 'ffffffffffffffffffff0001',
        webhookId: webhook.id,
        eventId: 'e',
        payload: { repo: { id: 'r' } },
        attempts: 0,
        lease,
      },
    });
    await harness.settle();
    expect((harness.http as ScriptedHttpSender).requests).toHaveLength(0);
    expect(harness.store.deliveries.get('ffffffffffffffffffff0001')).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
  });

  it('sends nothing when another worker holds the lease now', async () => {
    const harness = pipelineHarness();
    const webhook = await harness.addWebhook(urlWebhook());
    const theirs = new Date(harness.clock.now() + 9_000);
    await harness.store.insert(
      [
        aNewDelivery({
          id: 'ffffffffffffffffffff0002',
          webhookId: webhook.id,
          nextAttemptAt: theirs,
        }),
      ],
      new Date(harness.clock.now()),
    );
    const mine = new Date(harness.clock.now() + 8_000);
    harness.dispatcher.enqueue({
      lane: 'x',
      task: {
        deliveryId: 'ffffffffffffffffffff0002',
        webhookId: webhook.id,
        eventId: 'e',
        payload: { repo: { id: 'r' } },
        attempts: 0,
        lease: mine,
      },
    });
    await harness.settle();
    expect((harness.http as ScriptedHttpSender).requests).toHaveLength(0);
    expect(harness.store.attempts).toEqual([]);
    expect(harness.store.deliveries.get('ffffffffffffffffffff0002')).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: theirs,
    });
  });

  it('writes the attempt row before sending, so an attempt cut short by a crash is in the history', async () => {
    const seenWhileSending: unknown[] = [];
    const harness = pipelineHarness();
    const http = harness.http as ScriptedHttpSender;
    const post = http.post.bind(http);
    http.post = async (request) => {
      seenWhileSending.push(
        ...harness.store.attempts.map(({ attemptNo, error, durationMs }) => ({
          attemptNo,
          error,
          durationMs,
        })),
      );
      return post(request);
    };
    const webhook = await harness.addWebhook(urlWebhook());
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-row-first'))));
    await harness.settle();
    expect(seenWhileSending).toEqual([
      { attemptNo: 1, error: ATTEMPT_OUTCOME_PENDING, durationMs: 0 },
    ]);
    const [delivery] = harness.store.ofWebhook(webhook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(
      harness.store.attempts.map(({ attemptNo, statusCode, error }) => ({
        attemptNo,
        statusCode,
        error,
      })),
    ).toEqual([{ attemptNo: 1, statusCode: 204, error: null }]);
  });

  it('during a secret rotation overlap sends the previous secret and signs with both; after it, the new secret alone', async () => {
    const http = new ScriptedHttpSender([status(500), status(200)]);
    const harness = pipelineHarness({ http, retryScheduleSeconds: [60] });
    const webhook = await harness.addWebhook(
      urlWebhook({
        secret: 'new-secret',
        previousSecret: { secret: 'old-secret', until: new Date(harness.clock.now() + 30_000) },
      }),
    );
    await harness.intake.handle(incoming(repoChangedMessage(pushEvent('evt-rotation'))));
    await harness.settle();
    harness.clock.advance(60_000);
    await harness.scheduler.pollOnce();
    await harness.settle();

    expect(harness.store.ofWebhook(webhook.id)[0]).toMatchObject({ status: 'succeeded' });
    const signed = (request: (typeof http.requests)[number], secret: string) =>
      new Webhook(secret, { format: 'raw' }).sign(
        request.headers['webhook-id']!,
        new Date(Number(request.headers['webhook-timestamp']) * 1000),
        request.body,
      );
    const [during, after] = http.requests;
    expect(during!.headers['x-webhook-secret']).toBe('old-secret');
    expect(during!.headers['webhook-signature']).toBe(
      `${signed(during!, 'new-secret')} ${signed(during!, 'old-secret')}`,
    );
    expect(after!.headers['x-webhook-secret']).toBe('new-secret');
    expect(after!.headers['webhook-signature']).toBe(signed(after!, 'new-secret'));
  });
});
