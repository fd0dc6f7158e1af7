import { Injectable } from '@nestjs/common';
import { USER_CODE_RANDOM_BYTES, userCodeFromBytes } from '@gatehouse/domain';
import { randomBytes } from 'node:crypto';

/** Port: draws user codes (RFC 8628 §6.1), so tests can choose them. */
export abstract class UserCodeGenerator {
  /** 8 letters of the user-code alphabet, without the dash. */
  abstract next(): string;
}

@Injectable()
export class CryptoUserCodeGenerator extends UserCodeGenerator {
  next(): string {
    return userCodeFromBytes(randomBytes(USER_CODE_RANDOM_BYTES));
  }
}
