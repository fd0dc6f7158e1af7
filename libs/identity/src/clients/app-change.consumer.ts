import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  ConsumerGroups,
  type IncomingMessage,
  oauthAppChangedEvent,
  Topics,
} from '@gatehouse/messaging';
import type { EventConsumerOptions } from '@gatehouse/platform';
import { ClientLookup } from './ports/client-lookup';

/**
 * Makes this process read an app again when its oauth_app.changed event arrives, whichever
 * process changed it (docs/architecture.md "Client cache"). A group of this process alone, read
 * from the end: every process keeps its own cache, so every process must see every change, and
 * none needs the ones from before it started. Forgetting twice is harmless, so a redelivery is.
 */
@Controller()
export class AppChangeConsumer {
  constructor(private readonly clients: ClientLookup) {}

  @EventPattern(Topics.appEvents, {
    group: ConsumerGroups.clientCache,
    ephemeral: true,
  } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    this.clients.forget(oauthAppChangedEvent.decode(message).data.clientId);
  }
}
