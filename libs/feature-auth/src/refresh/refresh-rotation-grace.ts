import { hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hashToken, SecretBox } from '@gatehouse/crypto';
import { FlowStore } from '@gatehouse/flow-state';
import type { TokenResponseBody } from '@gatehouse/identity';
import { FLOW_STORE } from '@gatehouse/platform';

export const REFRESH_OPTIONS = Symbol('gatehouse.auth.refreshOptions');

export interface RefreshOptions {
  /** GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS: 0 turns the grace off. */
  reuseGraceSeconds: number;
}

/**
 * A short grace on refresh-token rotation (RFC 9700 §4.14.2 allows it): two processes of one
 * user refreshing with the same token at once (huggingface_hub refreshes a token with less than
 * a day left in every new process) both get the one new pair, instead of the second tripping
 * reuse detection and revoking the grant. After the window a reuse still revokes.
 *
 * The answer of a rotation is kept in flow state for the window, sealed with a key derived from
 * the refresh token it answered: the store holds no usable token, and only someone presenting
 * that spent refresh token can open it.
 */
@Injectable()
export class RefreshRotationGrace {
  constructor(
    @Inject(FLOW_STORE) private readonly store: FlowStore,
    @Inject(REFRESH_OPTIONS) private readonly options: RefreshOptions,
  ) {}

  get windowMs(): number {
    return this.options.reuseGraceSeconds * 1000;
  }

  /** Keeps the answer to a rotation of `refreshToken` for the grace window. */
  async remember(refreshToken: string, answer: TokenResponseBody): Promise<void> {
    if (this.windowMs <= 0) return;
    await this.store.put(keyOf(refreshToken), boxFor(refreshToken).encrypt(JSON.stringify(answer), GRACE_CONTEXT), this.windowMs);
  }

  /** The answer given to the rotation of `refreshToken` within the window, or null. */
  async answerFor(refreshToken: string): Promise<TokenResponseBody | null> {
    if (this.windowMs <= 0) return null;
    const sealed = await this.store.get(keyOf(refreshToken));
    if (sealed === null) return null;
    try {
      return JSON.parse(boxFor(refreshToken).decrypt(sealed, GRACE_CONTEXT)) as TokenResponseBody;
    } catch {
      return null;
    }
  }

  /** The rotation did not commit: nothing to hand out again. */
  async forget(refreshToken: string): Promise<void> {
    if (this.windowMs > 0) await this.store.delete(keyOf(refreshToken));
  }
}

const GRACE_CONTEXT = 'refresh-rotation-grace';

function keyOf(refreshToken: string): string {
  return `refresh-grace:${hashToken(refreshToken)}`;
}

function boxFor(refreshToken: string): SecretBox {
  return new SecretBox(new Uint8Array(hkdfSync('sha256', refreshToken, 'gatehouse', GRACE_CONTEXT, 32)));
}
