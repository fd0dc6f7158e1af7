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
 * that spent refresh token can open it. It is handed out again only to the requester that rotated
 * (the same client address key): concurrent processes of one user share a machine, while a thief
 * replaying a stolen spent token from elsewhere within the window trips reuse detection and
 * revokes the grant, as after the window.
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

  /** Keeps the answer to `requester`'s rotation of `refreshToken` for the grace window. */
  async remember(
    refreshToken: string,
    requester: string,
    answer: TokenResponseBody,
  ): Promise<void> {
    if (this.windowMs <= 0) return;
    const sealed: SealedAnswer = {
      requester: hashToken(requester),
      answer: boxFor(refreshToken).encrypt(JSON.stringify(answer), GRACE_CONTEXT),
    };
    await this.store.put(keyOf(refreshToken), JSON.stringify(sealed), this.windowMs);
  }

  /**
   * The answer given to the rotation of `refreshToken` within the window, when `requester` is the
   * one that rotated it; otherwise null.
   */
  async answerFor(refreshToken: string, requester: string): Promise<TokenResponseBody | null> {
    if (this.windowMs <= 0) return null;
    const stored = await this.store.get(keyOf(refreshToken));
    if (stored === null) return null;
    try {
      const sealed = JSON.parse(stored) as SealedAnswer;
      if (sealed.requester !== hashToken(requester)) return null;
      return JSON.parse(
        boxFor(refreshToken).decrypt(sealed.answer, GRACE_CONTEXT),
      ) as TokenResponseBody;
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

/** The stored record: who rotated (hashed), and the answer sealed with the spent token's key. */
interface SealedAnswer {
  requester: string;
  answer: string;
}

function keyOf(refreshToken: string): string {
  return `refresh-grace:v2:${hashToken(refreshToken)}`;
}

function boxFor(refreshToken: string): SecretBox {
  return new SecretBox(
    new Uint8Array(hkdfSync('sha256', refreshToken, 'gatehouse', GRACE_CONTEXT, 32)),
  );
}
