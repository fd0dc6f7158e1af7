import { Injectable } from '@nestjs/common';
import { newObjectId, randomToken } from '@gatehouse/crypto';

/** Port over randomness, so tests can predict tokens and ids. */
export abstract class RandomSource {
  /** `prefix` + at least 256 random bits in base62 (libs/crypto randomToken). */
  abstract token(prefix: string): string;
  /** A new 24-hex record id led by the creation second. */
  abstract id(nowMs: number): string;
}

@Injectable()
export class CryptoRandomSource extends RandomSource {
  token(prefix: string): string {
    return randomToken(prefix, 32);
  }

  id(nowMs: number): string {
    return newObjectId(nowMs);
  }
}
