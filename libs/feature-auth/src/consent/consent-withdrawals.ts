import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import type { Clock } from '@gatehouse/domain';
import { FlowStore } from '@gatehouse/flow-state';
import { CLOCK, FLOW_STORE } from '@gatehouse/platform';

/**
 * Longer than anything a consent can leave unredeemed: an authorization code (about a minute) or
 * an approved device code (15 minutes by default, configurable up to an hour).
 */
const WITHDRAWAL_MEMORY_MS = 2 * 3600_000;

/**
 * When a user last withdrew an app's access (revoking a connected application). Tokens are
 * revoked in the database; what lives only in flow state, an authorization code not yet exchanged
 * or a device code already approved, is refused at redemption when it was issued before the
 * withdrawal. Stateless over FLOW_STORE, so every module that needs it provides its own instance.
 */
@Injectable()
export class ConsentWithdrawals {
  constructor(
    @Inject(FLOW_STORE) private readonly store: FlowStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async withdraw(userId: string, clientId: string): Promise<void> {
    await this.store.put(keyOf(userId, clientId), String(this.clock.now()), WITHDRAWAL_MEMORY_MS);
  }

  /**
   * Whether something the user granted at `grantedAtMs` (epoch ms; undefined for a record from
   * before this was kept) has been withdrawn since.
   */
  async withdrawnSince(
    userId: string,
    clientId: string,
    grantedAtMs: number | undefined,
  ): Promise<boolean> {
    const withdrawnAt = await this.store.get(keyOf(userId, clientId));
    if (withdrawnAt === null) return false;
    return grantedAtMs === undefined || grantedAtMs <= Number(withdrawnAt);
  }
}

function keyOf(userId: string, clientId: string): string {
  return `consent-withdrawn:${userId}:${hashToken(clientId)}`;
}
