import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { RandomSource } from '@gatehouse/identity';
import { FlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import type { KnownDevice } from './sign-in-throttle';

/** How long a browser stays known to an account after its last sign-in to it. */
export const KNOWN_DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

/**
 * The browsers that signed in to each account: a random device token kept in the browser's
 * device cookie, recorded server-side (its hash) per account in flow state on every successful
 * sign-in, so a browser is known only to the accounts it signed in to, and a token nobody issued
 * is known to none. SignInThrottle lets a known browser past the limits others can trigger.
 * Losing flow state forgets the devices: their owners then sign in as from a new browser.
 */
@Injectable()
export class KnownDevices {
  constructor(
    @Inject(FLOW_STORE) private readonly store: FlowStore,
    private readonly random: RandomSource,
  ) {}

  /**
   * The device, when `token` is recorded for the account. Called with `userId` null for a login
   * that names no account, so that an answer costs the same look-up either way.
   */
  async find(userId: string | null, token: string): Promise<KnownDevice | null> {
    const deviceHash = hashToken(token);
    const recorded = await this.store.get(recordKey(userId ?? '-', deviceHash));
    return recorded !== null && userId !== null ? { userId, deviceHash } : null;
  }

  /** Records the browser as known to the account; returns the token for its cookie (a new one when it had none). */
  async remember(userId: string, token: string | null): Promise<string> {
    const kept = token ?? this.random.token('');
    await this.store.put(recordKey(userId, hashToken(kept)), '1', KNOWN_DEVICE_TTL_SECONDS * 1000);
    return kept;
  }
}

function recordKey(userId: string, deviceHash: string): string {
  return `known-device:${userId}:${deviceHash}`;
}
