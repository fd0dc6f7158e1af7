import {
  type IncomingMessage,
  type Subscription,
  Topics,
  WEBHOOK_REVISION_HEADER,
  webhookChangedEvent,
} from '@gatehouse/messaging';
import type { EventConsumers } from '@gatehouse/platform';
import { SubscriptionRegistry } from './subscription-registry';

/**
 * Follows the compacted webhook-changed topic. Every worker process needs every change, so each
 * process reads in a consumer group of its own (`<prefix>.<instance id>`), from the end of the
 * topic: the table snapshot loaded right after joining covers what came before. The group is
 * ephemeral (no committed offsets, deleted on stop), so restarts leave no groups behind. The
 * bus calls `handle` through DeliveryEventsConsumer's `@EventPattern(Topics.webhookChanged)`.
 */
export class WebhookChangesConsumer {
  private subscription?: Subscription;

  constructor(
    private readonly consumers: EventConsumers,
    private readonly registry: SubscriptionRegistry,
    private readonly options: { topic: string; groupId: string },
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.consumers.subscribe(Topics.webhookChanged, {
      topic: this.options.topic,
      groupId: this.options.groupId,
    });
  }

  async handle(message: IncomingMessage): Promise<void> {
    const { data } = webhookChangedEvent.decode(message);
    const header = message.headers[WEBHOOK_REVISION_HEADER];
    const revision = header && /^\d+$/.test(header) ? Number(header) : undefined;
    await this.registry.refresh(data.webhookId, revision);
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }
}
