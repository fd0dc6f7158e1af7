import {
  deliveryReplayRequestedEvent,
  deliveryTestRequestedEvent,
  headerEventType,
  type IncomingMessage,
} from '@gatehouse/messaging';
import { buildTestEventPayload, type Clock } from '@gatehouse/domain';
import type { Logger } from 'pino';
import { DeliveryMetrics } from '../metrics/delivery-metrics';
import { SubscriptionRegistry } from '../subscriptions/subscription-registry';
import { DeliveryDispatcher } from './delivery-dispatcher';
import type { DeliverySettings } from './delivery-settings';
import { DeliveryStore } from './ports/delivery.store';
import { type DeliveryTask, laneOf } from './delivery-task';
import { TriggerLimiter } from './trigger-limiter';

/**
 * Replay requests from webhook-management (docs/hf-clients.md "Delivery"): the
 * stored payload of a delivery is sent again, as a new delivery with the id the management API
 * already answered with (`replayId`) and `replay_of` = the original, to the webhook's CURRENT URL
 * (or Job) and secret, read when the attempt is made. A repeated request finds its row and does
 * nothing. A webhook disabled in the meantime gets the replay recorded as `cancelled`. Test sends
 * (`delivery.test_requested`, the same topic) are recorded and sent the same way, with the `ping`
 * payload built here for the webhook (buildTestEventPayload) and outside the trigger limit: the
 * management API limits them per webhook.
 */
export class ReplayIntake {
  constructor(
    private readonly ports: {
      registry: SubscriptionRegistry;
      store: DeliveryStore;
      limiter: TriggerLimiter;
      dispatcher: DeliveryDispatcher<DeliveryTask>;
      metrics: DeliveryMetrics;
      clock: Clock;
      logger: Pick<Logger, 'warn'>;
    },
    private readonly settings: Pick<DeliverySettings, 'leaseMs' | 'publicUrl'>,
  ) {}

  async handle(message: IncomingMessage): Promise<void> {
    if (headerEventType(message) === deliveryTestRequestedEvent.type) return this.test(message);
    const { registry, store, limiter, dispatcher, metrics, clock, logger } = this.ports;
    const request = deliveryReplayRequestedEvent.decode(message).data;
    const original = await store.find(request.deliveryId);
    if (!original || original.webhookId !== request.webhookId) {
      logger.warn(
        { replayId: request.replayId, deliveryId: request.deliveryId },
        'replay of a delivery that no longer exists: ignored',
      );
      return;
    }
    const now = clock.now();
    const webhook = await registry.deliverable(request.webhookId);
    const decision = webhook ? await limiter.check(webhook.id, now) : null;
    const status = !webhook ? 'cancelled' : decision!.allowed ? 'pending' : 'rate_limited';
    const lease = new Date(now + this.settings.leaseMs);
    const inserted = await store.insert(
      [
        {
          id: request.replayId,
          webhookId: request.webhookId,
          eventId: original.eventId,
          payload: original.payload,
          status,
          nextAttemptAt: status === 'pending' ? lease : null,
          replayOf: original.id,
          lastError:
            status === 'cancelled'
              ? 'the webhook was disabled before the replay could be sent'
              : status === 'rate_limited'
                ? `over the limit of ${decision!.limit} triggers per 24 hours`
                : null,
        },
      ],
      new Date(now),
    );
    if (!inserted.has(request.replayId)) return;
    const target = webhook?.target.kind ?? 'unknown';
    if (status !== 'pending') {
      metrics.delivery(status, target);
      return;
    }
    limiter.record(request.webhookId, now);
    const task: DeliveryTask = {
      deliveryId: request.replayId,
      webhookId: request.webhookId,
      eventId: original.eventId,
      payload: original.payload,
      attempts: 0,
      lease,
    };
    dispatcher.enqueue({ lane: laneOf(task), task });
    await dispatcher.waitForRoom();
  }

  private async test(message: IncomingMessage): Promise<void> {
    const { registry, store, dispatcher, metrics, clock } = this.ports;
    const request = deliveryTestRequestedEvent.decode(message).data;
    const now = clock.now();
    const webhook = await registry.deliverable(request.webhookId);
    const payload = webhook
      ? buildTestEventPayload(webhook, { publicBaseUrl: this.settings.publicUrl })
      : {};
    const lease = new Date(now + this.settings.leaseMs);
    const eventId = `test_${request.testId}`;
    const inserted = await store.insert(
      [
        {
          id: request.testId,
          webhookId: request.webhookId,
          eventId,
          payload: payload as Record<string, unknown>,
          status: webhook ? 'pending' : 'cancelled',
          nextAttemptAt: webhook ? lease : null,
          replayOf: null,
          lastError: webhook
            ? null
            : 'the webhook was disabled before the test event could be sent',
        },
      ],
      new Date(now),
    );
    if (!inserted.has(request.testId)) return;
    if (!webhook) {
      metrics.delivery('cancelled', 'unknown');
      return;
    }
    const task: DeliveryTask = {
      deliveryId: request.testId,
      webhookId: request.webhookId,
      eventId,
      payload: payload as Record<string, unknown>,
      attempts: 0,
      lease,
    };
    dispatcher.enqueue({ lane: laneOf(task), task });
    await dispatcher.waitForRoom();
  }
}
