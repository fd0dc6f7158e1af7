import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  ConsumerGroups,
  headerEventType,
  type IncomingMessage,
  tokenRevokedByOrganizationEvent,
  Topics,
} from '@gatehouse/messaging';
import type { EventConsumerOptions } from '@gatehouse/platform';
import { SecurityNotices } from './security-notices';

/**
 * Tells the owner of a personal token that an organization administrator revoked it
 * (`token.revoked_by_organization`, written by `token-exchange`; Topics.tokenEvents, group
 * `gatehouse.security-notices`): an entry on the account page and its e-mail. The entry's id is
 * the event's notice id, so a message read again tells nobody twice.
 */
@Controller()
export class OrganizationRevocationNoticeConsumer {
  constructor(private readonly notices: SecurityNotices) {}

  // From the beginning: a revocation written before this group first joined is still told.
  @EventPattern(Topics.tokenEvents, {
    group: ConsumerGroups.securityNotices,
    fromBeginning: true,
  } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    if (headerEventType(message) !== tokenRevokedByOrganizationEvent.type) return;
    const { data } = tokenRevokedByOrganizationEvent.decode(message);
    const details: Record<string, string> = { organization: data.organization };
    if (data.tokenName !== null) details.token = data.tokenName;
    if (data.revokedBy !== null) details.revokedBy = data.revokedBy;
    await this.notices.recordOnce(
      data.userId,
      'token_revoked_by_organization',
      details,
      data.noticeId,
    );
  }
}
