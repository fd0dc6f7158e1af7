import { Inject, Injectable } from '@nestjs/common';
import { type Clock, objectId } from '@gatehouse/domain';
import { type EventBus, repoChangedMessage, Topics } from '@gatehouse/messaging';
import { CLOCK, EVENT_BUS } from '@gatehouse/platform';
import { randomBytes } from 'node:crypto';
import { parseIngestionBody } from './ingestion-body';

/** Where ingested events go; tests point it at a topic of their own. */
export const INGESTION_TOPIC = Symbol('gatehouse.delivery.ingestionTopic');

export interface PublishedEvents {
  ids: string[];
}

/**
 * `POST /internal/events` for repo services that cannot speak Kafka: validates the events and
 * publishes each, keyed by repository id, exactly as a Kafka producer would. Resolves once the
 * broker has acknowledged them (acks=all), so a 202 means the events are durable.
 */
@Injectable()
export class PublishRepoEvents {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(INGESTION_TOPIC) private readonly topic: string,
  ) {}

  async execute(body: unknown): Promise<PublishedEvents> {
    const events = parseIngestionBody(body, {
      newEventId: () => `evt_${objectId(this.clock.now(), randomBytes(8))}`,
      now: () => new Date(this.clock.now()).toISOString(),
    });
    await this.bus.publish(this.topic, events.map(repoChangedMessage));
    return { ids: events.map((event) => event.id) };
  }
}

export const DEFAULT_INGESTION_TOPIC = Topics.repoEvents;
