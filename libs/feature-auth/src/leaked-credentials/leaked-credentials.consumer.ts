import { Controller, Inject, Optional } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  ConsumerGroups,
  headerEventType,
  type IncomingMessage,
  leakedCredentialsReportedEvent,
  Topics,
} from '@gatehouse/messaging';
import { type EventConsumerOptions, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { RevokeLeakedCredentials } from './revoke-leaked-credentials.use-case';

/**
 * Takes the leak reports `POST /api/credentials/revoke` queued (Topics.leakedCredentials, group
 * `gatehouse.leaked-credentials`, shared by every `auth` process) and revokes their tokens. The
 * position moves on once the revocations committed; a report seen twice changes nothing the
 * second time. The transport subscribes it in the background: without the broker the process
 * serves requests, the reports wait in the outbox and Kafka, and it tries again every few seconds.
 */
@Controller()
export class LeakedCredentialsConsumer {
  constructor(
    private readonly revoke: RevokeLeakedCredentials,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** Handles one message of Topics.leakedCredentials. */
  @EventPattern(Topics.leakedCredentials, {
    group: ConsumerGroups.leakedCredentials,
    // A report queued before this group first joined is still owed its revocations.
    fromBeginning: true,
  } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    const type = headerEventType(message);
    if (type !== undefined && type !== leakedCredentialsReportedEvent.type) return;
    const { data } = leakedCredentialsReportedEvent.decode(message);
    const revoked = await this.revoke.execute({
      reportId: data.reportId,
      tokenHashes: data.tokenHashes,
      checksummed: data.checksummed,
      reportedAt: new Date(data.reportedAt),
    });
    // The report's id and counts only: never a token nor its hash.
    this.logger?.info(
      {
        reportId: data.reportId,
        candidates: data.tokenHashes.length,
        checksummed: data.checksummed,
        revoked,
      },
      'leaked credentials: report handled',
    );
  }
}
