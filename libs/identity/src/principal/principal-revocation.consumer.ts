import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  ConsumerGroups,
  decodeEvent,
  headerEventType,
  type IncomingMessage,
  TOKEN_EVENTS,
  tokenRevokedEvent,
  Topics,
} from '@gatehouse/messaging';
import type { EventConsumerOptions } from '@gatehouse/platform';
import { PrincipalInvalidator } from './principal-invalidator';

/**
 * Marks a revoked access token's cached principal stale when its token.revoked event arrives,
 * whoever revoked it (docs/architecture.md "Principal cache"). The revoking process already did so
 * before committing; this covers a process that stopped between the two, and keeps the rule true
 * for revocations written by other means. One group for every service: the cache is shared, and
 * the invalidation it publishes drops the principal from every process's memory, so one consumer
 * per event is enough. The transport subscribes it in the background: without the
 * broker the process serves requests and tries again every few seconds.
 */
@Controller()
export class PrincipalRevocationConsumer {
  constructor(private readonly invalidator: PrincipalInvalidator) {}

  /**
   * Handles one message of Topics.tokenEvents. Every issuance puts a token.issued on the same
   * topic; those are passed over by their header, unread.
   */
  @EventPattern(Topics.tokenEvents, {
    group: ConsumerGroups.principalCache,
  } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    const type = headerEventType(message);
    if (type !== undefined && type !== tokenRevokedEvent.type) return;
    const event = decodeEvent(message, TOKEN_EVENTS);
    if (event.type !== 'token.revoked' || event.data.kind !== 'access') return;
    await this.invalidator.accessTokenRevoked(event.data.tokenId);
  }
}
