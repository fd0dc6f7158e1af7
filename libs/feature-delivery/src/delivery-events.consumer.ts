import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  ConsumerGroups,
  deliveryConsumerGroups,
  type IncomingMessage,
  Topics,
} from '@gatehouse/messaging';
import type { EventConsumerOptions } from '@gatehouse/platform';
import { DeliveryPipeline } from './delivery-pipeline';

/** The groups as declared (KAFKA_ACCESS); DeliveryModuleOptions.groupId renames them when the pipeline subscribes. */
const groups = deliveryConsumerGroups(ConsumerGroups.deliveryWorker);

/**
 * What the delivery worker consumes, and how. The pipeline subscribes each handler at its place
 * in its start (`startedBy: 'feature'`, DeliveryPipeline.start): the webhook changes before the
 * webhooks are read, the repo events and replays once the index and the scheduler run.
 */
@Controller()
export class DeliveryEventsConsumer {
  constructor(private readonly pipeline: DeliveryPipeline) {}

  /** A partition's fetched repo events at once, recorded in one insert before the batch is committed. */
  @EventPattern(Topics.repoEvents, {
    group: groups.repoEvents,
    batch: true,
    fromBeginning: true,
    startedBy: 'feature',
  } satisfies EventConsumerOptions)
  repoEvents(@Payload() messages: readonly IncomingMessage[]): Promise<void> {
    return this.pipeline.handleRepoEvents(messages);
  }

  @EventPattern(Topics.deliveryReplay, {
    group: groups.replays,
    fromBeginning: true,
    startedBy: 'feature',
  } satisfies EventConsumerOptions)
  replay(@Payload() message: IncomingMessage): Promise<void> {
    return this.pipeline.handleReplay(message);
  }

  /** Every webhook change, in a group of this process alone, read from the end. */
  @EventPattern(Topics.webhookChanged, {
    group: groups.webhookChangesPrefix,
    ephemeral: true,
    startedBy: 'feature',
  } satisfies EventConsumerOptions)
  webhookChanged(@Payload() message: IncomingMessage): Promise<void> {
    return this.pipeline.handleWebhookChange(message);
  }
}
