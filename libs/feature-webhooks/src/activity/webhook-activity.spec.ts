import { deliveryReplayRequestedEvent, Topics } from '@gatehouse/messaging';
import type { DeliveryRecord } from './ports/delivery-activity';
import {
  aDeliveryAttemptRecord,
  aDeliveryAttemptView,
  aDeliveryRecord,
  aDeliveryView,
} from '../testing/delivery-builders';
import { ALICE_ID, BOB_ID, personalPrincipal } from '../testing/principals';
import {
  createWebhooksTestKit,
  failure,
  NOW,
  type WebhooksTestKit,
} from '../testing/webhooks-test-kit';

const HOUR = 3_600_000;

function delivery(
  webhookId: string,
  id: string,
  createdAt: number,
  overrides: Partial<DeliveryRecord> = {},
): DeliveryRecord {
  return aDeliveryRecord({
    id,
    webhookId,
    eventId: `evt-${id}`,
    createdAt: new Date(createdAt),
    ...overrides,
  });
}

describe('webhook activity and replay', () => {
  let kit: WebhooksTestKit;
  let id: string;
  const alice = personalPrincipal();
  const bob = personalPrincipal(BOB_ID);

  beforeEach(async () => {
    kit = createWebhooksTestKit();
    ({ id } = await kit.create.execute(alice, {
      watched: [{ type: 'model', name: 'acme/bert' }],
      url: 'https://hooks.example.com/a',
    }));
  });

  describe('GET .../activity', () => {
    it('lists recent deliveries newest first with event, time, status, error, attempts, duration and payload', async () => {
      kit.deliveries.add(delivery(id, 'd00000000000000000000001', NOW - 2 * HOUR));
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000002', NOW - HOUR, {
          status: 'retrying',
          attempts: 2,
          lastStatusCode: null,
          lastError: 'connect ECONNREFUSED',
          nextAttemptAt: new Date(NOW + 300_000),
          attemptLog: [
            aDeliveryAttemptRecord({
              startedAt: new Date(NOW - HOUR),
              durationMs: 15,
              statusCode: 500,
              responseExcerpt: 'boom',
            }),
            aDeliveryAttemptRecord({
              attemptNo: 2,
              startedAt: new Date(NOW - HOUR + 5000),
              durationMs: 3,
              statusCode: null,
              error: 'connect ECONNREFUSED',
              responseExcerpt: null,
            }),
          ],
        }),
      );
      const activity = await kit.activity.execute(alice, id);
      expect(activity.deliveries.map((row) => row.id)).toEqual([
        'd00000000000000000000002',
        'd00000000000000000000001',
      ]);
      expect(activity.deliveries[0]).toEqual(
        aDeliveryView({
          id: 'd00000000000000000000002',
          eventId: 'evt-d00000000000000000000002',
          createdAt: new Date(NOW - HOUR).toISOString(),
          status: 'retrying',
          statusCode: null,
          error: 'connect ECONNREFUSED',
          attempts: 2,
          durationMs: 3,
          nextAttemptAt: new Date(NOW + 300_000).toISOString(),
          attemptLog: [
            aDeliveryAttemptView({
              startedAt: new Date(NOW - HOUR).toISOString(),
              durationMs: 15,
              statusCode: 500,
              response: 'boom',
            }),
            aDeliveryAttemptView({
              attempt: 2,
              startedAt: new Date(NOW - HOUR + 5000).toISOString(),
              durationMs: 3,
              statusCode: null,
              error: 'connect ECONNREFUSED',
              response: null,
            }),
          ],
        }),
      );
    });

    it('reports trigger usage over the last 24 hours, leaving out rate-limited events', async () => {
      kit.deliveries.add(delivery(id, 'd00000000000000000000001', NOW - 25 * HOUR));
      kit.deliveries.add(delivery(id, 'd00000000000000000000002', NOW - 20 * HOUR));
      kit.deliveries.add(delivery(id, 'd00000000000000000000003', NOW - 1000));
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000004', NOW - 500, {
          status: 'rate_limited',
          attempts: 0,
          attemptLog: [],
        }),
      );
      const { triggers } = await kit.activity.execute(alice, id);
      expect(triggers).toEqual({ limit: 5, used: 2, remaining: 3, windowHours: 24, retryAt: null });
    });

    it('says when triggering resumes once the limit is reached', async () => {
      for (let i = 1; i <= 5; i++)
        kit.deliveries.add(delivery(id, `d0000000000000000000000${i}`, NOW - (10 - i) * HOUR));
      const { triggers } = await kit.activity.execute(alice, id);
      expect(triggers.used).toBe(5);
      expect(triggers.remaining).toBe(0);
      // The oldest (9 h ago, bucket 03:00) leaves the 24-bucket window at 03:00 next day.
      expect(triggers.retryAt).toBe(new Date(Date.UTC(2026, 2, 2, 3)).toISOString());
    });

    it('shows why a webhook was disabled automatically', async () => {
      const row = kit.repository.rows.get(id)!;
      kit.repository.rows.set(id, {
        ...row,
        disabled: true,
        disabledReason: 'failing since 2026-02-24',
      });
      expect(await kit.activity.execute(alice, id)).toMatchObject({
        disabled: true,
        disabledReason: 'failing since 2026-02-24',
      });
    });

    it('honours ?limit and refuses a bad one naming the field', async () => {
      for (let i = 1; i <= 3; i++)
        kit.deliveries.add(delivery(id, `d0000000000000000000000${i}`, NOW - i * 1000));
      expect((await kit.activity.execute(alice, id, '2')).deliveries).toHaveLength(2);
      for (const bad of ['0', '101', 'ten', '-1']) {
        expect(await failure(() => kit.activity.execute(alice, id, bad))).toMatchObject({
          code: 'bad_request',
          options: { field: 'limit' },
        });
      }
    });

    it('narrows by outcome, event scope (with its sub-scopes), repository and time range', async () => {
      const payload = (scope: string, name: string) => ({
        event: { action: 'update', scope },
        repo: { type: 'model', name },
      });
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000001', NOW - 3 * HOUR, {
          status: 'succeeded',
          payload: payload('repo.content', 'acme/bert'),
        }),
      );
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000002', NOW - 2 * HOUR, {
          status: 'rate_limited',
          payload: payload('repository', 'acme/bert'),
        }),
      );
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000003', NOW - HOUR, {
          status: 'retrying',
          payload: payload('repo', 'acme/gpt'),
        }),
      );
      const shown = async (filter: Parameters<typeof kit.activity.execute>[4]) =>
        (await kit.activity.execute(alice, id, undefined, undefined, filter)).deliveries.map(
          (row) => row.id,
        );
      expect(await shown({ outcome: 'delivered' })).toEqual(['d00000000000000000000001']);
      expect(await shown({ outcome: 'failed' })).toEqual(['d00000000000000000000002']);
      expect(await shown({ outcome: 'pending' })).toEqual(['d00000000000000000000003']);
      expect(await shown({ scope: 'repo' })).toEqual([
        'd00000000000000000000003',
        'd00000000000000000000001',
      ]);
      expect(await shown({ repo: 'acme/bert', scope: 'repository' })).toEqual([
        'd00000000000000000000002',
      ]);
      expect(await shown({ since: new Date(NOW - 2 * HOUR), until: new Date(NOW - HOUR) })).toEqual(
        ['d00000000000000000000002'],
      );
    });

    it("answers 404 for another user's webhook", async () => {
      expect(await failure(() => kit.activity.execute(bob, id))).toMatchObject({
        code: 'not_found',
      });
    });
  });

  describe('replay all failed since', () => {
    it('counts and replays the failed deliveries since a time that nothing replays yet, oldest first', async () => {
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000001', NOW - 3 * HOUR, { status: 'failed' }),
      );
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000002', NOW - 2 * HOUR, { status: 'failed' }),
      );
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000003', NOW - 90 * 60_000, {
          status: 'succeeded',
          replayOf: 'd00000000000000000000002',
        }),
      );
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000004', NOW - HOUR, { status: 'cancelled' }),
      );
      kit.deliveries.add(
        delivery(id, 'd00000000000000000000005', NOW - HOUR, { status: 'retrying' }),
      );
      const since = new Date(NOW - 4 * HOUR);
      expect(await kit.failedCount.execute(alice, id, since)).toEqual({
        webhookId: id,
        since: since.toISOString(),
        failed: 2,
      });
      expect(await kit.replayFailed.execute(alice, id, since)).toEqual({
        webhookId: id,
        since: since.toISOString(),
        queued: 2,
      });
      const replays = kit.repository.outbox
        .filter((message) => message.topic === Topics.deliveryReplay)
        .map((message) => deliveryReplayRequestedEvent.decode(message).data.deliveryId);
      expect(replays).toEqual(['d00000000000000000000001', 'd00000000000000000000004']);
      expect(await failure(() => kit.failedCount.execute(bob, id, since))).toMatchObject({
        code: 'not_found',
      });
      expect(await failure(() => kit.replayFailed.execute(bob, id, since))).toMatchObject({
        code: 'not_found',
      });
    });
  });

  describe('POST .../activity/{deliveryId}/replay', () => {
    const original = 'd00000000000000000000001';
    beforeEach(() => kit.deliveries.add(delivery(id, original, NOW - HOUR)));

    it('asks the worker for a replay through the outbox and answers the new delivery id', async () => {
      kit.clock.advance(5000);
      const accepted = await kit.replay.execute(alice, id, original);
      expect(accepted).toEqual({
        id: '000000000000000000000002',
        replayOf: original,
        webhookId: id,
        status: 'queued',
      });
      const [message] = kit.repository.outbox.filter((m) => m.topic === Topics.deliveryReplay);
      expect(message!.key).toBe(id);
      const envelope = deliveryReplayRequestedEvent.decode(message!);
      expect(envelope.id).toBe(accepted.id);
      expect(envelope.data).toEqual({
        replayId: accepted.id,
        webhookId: id,
        deliveryId: original,
        requestedBy: ALICE_ID,
        requestedAt: new Date(NOW + 5000).toISOString(),
      });
    });

    it('answers 404 for an unknown delivery, or one of another webhook', async () => {
      const other = await kit.create.execute(alice, {
        watched: [{ type: 'model', name: 'acme/x' }],
        url: 'https://hooks.example.com/b',
      });
      expect(await failure(() => kit.replay.execute(alice, other.id, original))).toMatchObject({
        code: 'not_found',
        message: 'Delivery not found',
      });
      expect(await failure(() => kit.replay.execute(alice, id, 'nope'))).toMatchObject({
        code: 'not_found',
      });
    });

    it("answers 404 for another user's webhook and publishes nothing", async () => {
      expect(await failure(() => kit.replay.execute(bob, id, original))).toMatchObject({
        code: 'not_found',
        message: 'Webhook not found',
      });
      expect(kit.repository.outbox.filter((m) => m.topic === Topics.deliveryReplay)).toHaveLength(
        0,
      );
    });

    it('refuses to replay to a disabled webhook (409)', async () => {
      await kit.states.execute(alice, id, true);
      expect(await failure(() => kit.replay.execute(alice, id, original))).toMatchObject({
        code: 'conflict',
      });
    });
  });
});
