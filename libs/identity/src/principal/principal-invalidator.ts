import { Injectable } from '@nestjs/common';
import { BearerTokenReader } from './ports/bearer-token.reader';
import { PrincipalCache } from './principal-cache';

/**
 * Marks cached principals stale by what changed rather than by token hash: a revoked token known
 * by its id (token.revoked events), or a user whose account or memberships changed, whose every
 * live token is then read again on its next check (docs/architecture.md "Principal cache").
 */
@Injectable()
export class PrincipalInvalidator {
  constructor(
    private readonly reader: BearerTokenReader,
    private readonly cache: PrincipalCache,
  ) {}

  async accessTokenRevoked(tokenId: string): Promise<void> {
    const tokenHash = await this.reader.accessTokenHash(tokenId);
    if (tokenHash !== null) await this.cache.invalidate([tokenHash]);
  }

  /** Call after an organization's token policy changed: every personal token of its members is read again. */
  async organizationTokensChanged(orgId: string): Promise<void> {
    await this.cache.invalidate(await this.reader.livePersonalTokenHashesOfMembers(orgId));
  }

  /** Call after an organization's two-factor requirement changed: every token of its members is read again. */
  async organizationMembersChanged(orgId: string): Promise<void> {
    await this.cache.invalidate(await this.reader.liveTokenHashesOfMembers(orgId));
  }

  /** Call after the change committed (disabled, renamed, joined or left an organization). */
  async accountChanged(userId: string): Promise<void> {
    await this.cache.invalidate(await this.reader.liveTokenHashesOf(userId));
  }
}
