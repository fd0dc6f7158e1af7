import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hashToken, SecretBox } from '@gatehouse/crypto';

export const REFRESH_OPTIONS = Symbol('gatehouse.auth.refreshOptions');

export interface RefreshOptions {
  /** GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS: 0 turns the grace off. */
  reuseGraceSeconds: number;
}

/** What a retry needs to be given a rotation's answer again (TokenIssuer.rotationAnswer). */
export interface KeptRotation {
  accessToken: string;
  refreshToken: string;
  ttlSeconds: number;
  /** The `scope` parameter of the rotation, which the answer narrowed to. */
  scope: string | null;
  issuedAtMs: number;
}

/**
 * A short grace on refresh-token rotation (RFC 9700 §4.14.2 allows it): two processes of one
 * user refreshing with the same token at once (huggingface_hub refreshes a token with less than
 * a day left in every new process) both get the one new pair, instead of the second tripping
 * reuse detection and revoking the grant. After the window a reuse still revokes.
 *
 * The rotation is kept on the spent token's row by the statement that spends it (TokenStore
 * .rotateRefreshToken), sealed with a key derived from the spent refresh token: the database holds
 * no usable token, and only someone presenting that spent token can open it. The retry that waited
 * on the row reads it with the row, so keeping it costs no round trip and cannot lag the commit.
 * It is handed out again only to the requester that rotated (the same client address key):
 * concurrent processes of one user share a machine, while a thief replaying a stolen spent token
 * from elsewhere within the window trips reuse detection and revokes the grant, as after the
 * window. The next rotation of the grant drops it.
 */
@Injectable()
export class RefreshRotationGrace {
  constructor(@Inject(REFRESH_OPTIONS) private readonly options: RefreshOptions) {}

  get windowMs(): number {
    return this.options.reuseGraceSeconds * 1000;
  }

  /** `requester`'s rotation of `refreshToken`, sealed to be kept on the spent token; null with the grace off. */
  seal(refreshToken: string, requester: string, rotation: KeptRotation): string | null {
    if (this.windowMs <= 0) return null;
    const sealed: SealedRotation = { requester: hashToken(requester), rotation };
    return boxFor(refreshToken).encrypt(JSON.stringify(sealed), GRACE_CONTEXT);
  }

  /**
   * The rotation of `refreshToken` kept as `sealed`, when `requester` is the one that rotated it;
   * otherwise null. Whether the window is still open is the caller's to check.
   */
  open(refreshToken: string, requester: string, sealed: string | null): KeptRotation | null {
    if (this.windowMs <= 0 || sealed === null) return null;
    try {
      const opened = JSON.parse(
        boxFor(refreshToken).decrypt(sealed, GRACE_CONTEXT),
      ) as SealedRotation;
      return opened.requester === hashToken(requester) ? opened.rotation : null;
    } catch {
      return null;
    }
  }
}

const GRACE_CONTEXT = 'refresh-rotation-grace';

/** What is sealed: who rotated (hashed) and what they were given. */
interface SealedRotation {
  requester: string;
  rotation: KeptRotation;
}

/**
 * The box of one spent refresh token: its key is HKDF-SHA256 (RFC 5869) of the token, salt
 * `gatehouse`, info GRACE_CONTEXT, 32 bytes. One SHA-256 block of output is a single expand step,
 * so the derivation is two HMACs, the same bytes as `hkdfSync` at a fraction of its cost on every
 * rotation (the spec compares the two).
 */
function boxFor(refreshToken: string): SecretBox {
  return new SecretBox(graceKeyOf(refreshToken));
}

const HKDF_SALT = 'gatehouse';
const HKDF_FIRST_BLOCK_INFO = Buffer.from(`${GRACE_CONTEXT}\x01`, 'utf8');

/** HKDF-SHA256(refreshToken, salt `gatehouse`, info GRACE_CONTEXT) to 32 bytes: extract, then T(1). */
function graceKeyOf(refreshToken: string): Uint8Array {
  const pseudorandomKey = createHmac('sha256', HKDF_SALT).update(refreshToken, 'utf8').digest();
  return new Uint8Array(
    createHmac('sha256', pseudorandomKey).update(HKDF_FIRST_BLOCK_INFO).digest(),
  );
}
