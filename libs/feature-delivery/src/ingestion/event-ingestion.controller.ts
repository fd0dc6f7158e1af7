import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { InternalTokenGuard } from '@gatehouse/platform';
import { PublishedEvents, PublishRepoEvents } from './publish-repo-events.use-case';

/** Internal event ingestion (docs/events.md "HTTP ingestion"): bearer GATEHOUSE_INTERNAL_TOKEN. */
@Controller('internal/events')
@UseGuards(InternalTokenGuard)
export class EventIngestionController {
  constructor(private readonly publishEvents: PublishRepoEvents) {}

  @Post()
  @HttpCode(202)
  publish(@Body() body: unknown): Promise<PublishedEvents> {
    return this.publishEvents.execute(body);
  }
}
