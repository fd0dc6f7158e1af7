import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import type { Clock } from '@gatehouse/domain';
import { RandomSource, type Transaction } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { LINK_TTL_MS } from './accounts-options';
import type { AccountLinkPurpose, AccountLinkRecord } from './ports/own-account-records';
import { OwnAccountRepository } from './ports/own-account.repository';

/**
 * Makes and checks the links mailed to people: 256 random bits each, only their SHA-256 stored,
 * single use, expiring (LINK_TTL_MS). The secret is handed back to go into the message.
 */
@Injectable()
export class AccountLinks {
  constructor(
    private readonly accounts: OwnAccountRepository,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(
    tx: Transaction,
    purpose: AccountLinkPurpose,
    userId: string | null,
    email: string | null,
  ): Promise<string> {
    const now = this.clock.now();
    const token = this.random.token('');
    await this.accounts.addLink(tx, {
      id: this.random.id(now),
      purpose,
      userId,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now + LINK_TTL_MS[purpose]),
    });
    return token;
  }

  /** The live link of `token` without using it (a page showing its form); null for anything else. */
  find(token: unknown, purpose: AccountLinkPurpose): Promise<AccountLinkRecord | null> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100)
      return Promise.resolve(null);
    return this.accounts.findLiveLink(hashToken(token), purpose, new Date(this.clock.now()));
  }

  /** Uses the link of `token` in the caller's transaction; null when it is not live. */
  redeem(
    tx: Transaction,
    token: unknown,
    purpose: AccountLinkPurpose,
  ): Promise<AccountLinkRecord | null> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100)
      return Promise.resolve(null);
    return this.accounts.redeemLink(tx, hashToken(token), purpose, new Date(this.clock.now()));
  }

  voidOthers(tx: Transaction, userId: string, purpose: AccountLinkPurpose): Promise<void> {
    return this.accounts.voidLinks(tx, userId, purpose, new Date(this.clock.now()));
  }
}
