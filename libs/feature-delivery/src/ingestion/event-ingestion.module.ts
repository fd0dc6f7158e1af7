import { DynamicModule, Module } from '@nestjs/common';
import { EventIngestionController } from './event-ingestion.controller';
import {
  DEFAULT_INGESTION_TOPIC,
  INGESTION_TOPIC,
  PublishRepoEvents,
} from './publish-repo-events.use-case';

export interface EventIngestionModuleOptions {
  /** Default `Topics.repoEvents`. */
  topic?: string;
}

/**
 * `POST /internal/events`, for the webhook-management service and the all-in-one to mount
 * (docs/architecture.md: the internal event-ingestion route). Needs the platform's EVENT_BUS
 * (MessagingModule) and the internal token (bootstrapService `internalToken`).
 */
@Module({})
export class EventIngestionModule {
  static forRoot(options: EventIngestionModuleOptions = {}): DynamicModule {
    return {
      module: EventIngestionModule,
      controllers: [EventIngestionController],
      providers: [
        { provide: INGESTION_TOPIC, useValue: options.topic ?? DEFAULT_INGESTION_TOPIC },
        PublishRepoEvents,
      ],
    };
  }
}
