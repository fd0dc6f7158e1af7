import {
  DEFAULT_DELIVERY_GROUP_ID,
  DEFAULT_DELIVERY_TOPICS,
} from '@gatehouse/feature-delivery/testing';
import { GATEHOUSE_TOPIC_SPECS, type TopicSpec } from '@gatehouse/messaging';

// What the Kafka manifests must agree with, read from the code that produces and consumes: every
// topic it declares (with its dead-letter topic), and the consumer group and topic whose lag
// says how many delivery workers are needed.

/** Every topic Gatehouse declares, with its dead-letter topic (libs/messaging/src/topics.ts). */
export const DECLARED_TOPICS: readonly TopicSpec[] = GATEHOUSE_TOPIC_SPECS;

/** The delivery workers' shared consumer group on repo events: its lag is the worker's backlog. */
export interface LagScaledConsumer {
  consumerGroup: string;
  topic: string;
}

export const DELIVERY_WORKER_CONSUMER: LagScaledConsumer = {
  consumerGroup: DEFAULT_DELIVERY_GROUP_ID,
  topic: DEFAULT_DELIVERY_TOPICS.repoEvents,
};
