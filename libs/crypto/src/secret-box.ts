import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretBoxError } from './secret-box.error';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Encryption at rest for secrets the service must send later (webhook secrets, Job secrets):
 * AES-256-GCM with a random 96-bit IV per message (NIST SP 800-38D section 8.2.2), stored as
 * `v1.<iv>.<ciphertext>.<tag>` in base64url. The version prefix leaves room for key rotation.
 *
 * `context` is bound as additional authenticated data: a box sealed for one row (say a webhook id)
 * fails to open when copied to another.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== KEY_BYTES) {
      throw new SecretBoxError(
        'invalid_key',
        `SecretBox needs a ${KEY_BYTES}-byte key, got ${key.length} bytes`,
      );
    }
    this.key = Buffer.from(key);
  }

  static fromBase64Key(key: string): SecretBox {
    const trimmed = key.trim();
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
      throw new SecretBoxError('invalid_key', 'SecretBox key must be base64');
    }
    return new SecretBox(Buffer.from(trimmed, 'base64'));
  }

  encrypt(plain: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws SecretBoxError `malformed` for a value that is not a box, `undecryptable` on tamper or wrong key. */
  decrypt(box: string, context = ''): string {
    const parts = box.split('.');
    if (parts.length !== 4 || !parts.slice(1).every((part) => BASE64URL.test(part))) {
      throw new SecretBoxError('malformed', 'not a sealed secret');
    }
    if (parts[0] !== VERSION)
      throw new SecretBoxError('malformed', `unknown sealed secret version ${parts[0]}`);
    const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new SecretBoxError('malformed', 'sealed secret has a wrong IV or tag length');
    }
    const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        'undecryptable',
        'sealed secret was altered or sealed with another key',
      );
    }
  }
}
