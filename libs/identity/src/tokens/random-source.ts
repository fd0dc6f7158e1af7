import { Injectable } from '@nestjs/common';
import { newObjectId, randomToken } from '@gatehouse/crypto';
import { TOKEN_CHECKSUM_LENGTH, tokenPrefix, withTokenChecksum } from '@gatehouse/domain';

/** Port over randomness, so tests can predict tokens and ids. */
export abstract class RandomSource {
  /**
   * `prefix` + a base62 body of 43 characters (libs/crypto randomToken). A credential's prefix
   * (`hf_…`) gets its last 6 characters as a checksum of the rest (hasValidChecksum of
   * libs/domain), leaving 37 random characters (220 bits); any other value is 256 random bits.
   */
  abstract token(prefix: string): string;
  /** A new 24-hex record id led by the creation second. */
  abstract id(nowMs: number): string;
}

@Injectable()
export class CryptoRandomSource extends RandomSource {
  token(prefix: string): string {
    const value = randomToken(prefix, 32);
    if (!prefix.startsWith(tokenPrefix('personal'))) return value;
    // Same length as a token without checksum: secret scanners and clients see no change of shape.
    return withTokenChecksum(value.slice(0, -TOKEN_CHECKSUM_LENGTH));
  }

  id(nowMs: number): string {
    return newObjectId(nowMs);
  }
}
