import { createCipheriv, createDecipheriv } from 'node:crypto';
import { randomBytesFromPool } from './random-pool';
import { SecretBoxError } from './secret-box.error';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]+={0,2}$/;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

interface RingKey {
  /** null: the one key of `GATEHOUSE_ENCRYPTION_KEY`, which seals `v1` boxes without an id. */
  id: string | null;
  key: Buffer;
}

/**
 * Encryption at rest for secrets the service must send later (webhook secrets, Job secrets, the
 * signing keys' private halves): AES-256-GCM with a random 96-bit IV per message (NIST SP 800-38D
 * section 8.2.2), in base64url.
 *
 * The box holds a key ring (docs/operations.md "Rotating keys and secrets"): the first key seals,
 * every key opens. A named key (`<id>:<base64>`) seals `v2.<key id>.<iv>.<ciphertext>.<tag>`, so
 * the box names the key that opens it; an unnamed key (a bare `GATEHOUSE_ENCRYPTION_KEY`, and at
 * most one entry of a ring) seals `v1.<iv>.<ciphertext>.<tag>`, and a `v1` box is tried against
 * each key of the ring in turn (GCM's tag tells the right one), so a ring that lists the old key
 * opens everything sealed before the ring existed.
 *
 * `context` is bound as additional authenticated data: a box sealed for one row (say a webhook id)
 * fails to open when copied to another.
 */
export class SecretBox {
  private readonly ring: readonly RingKey[];

  /** One unnamed key, or a ring of keys, newest (sealing) first. */
  constructor(keyOrRing: Uint8Array | readonly { id: string | null; key: Uint8Array }[]) {
    this.ring =
      keyOrRing instanceof Uint8Array
        ? [{ id: null, key: checkedKey(keyOrRing) }]
        : keyOrRing.map(({ id, key }) => ({ id, key: checkedKey(key) }));
    if (this.ring.length === 0) throw new SecretBoxError('invalid_key', 'the key ring is empty');
  }

  static fromBase64Key(key: string): SecretBox {
    return new SecretBox(decodeKey(key));
  }

  /**
   * The configured encryption key (`GATEHOUSE_ENCRYPTION_KEY`): one base64 key, or a ring of keys
   * separated by commas, newest (sealing) first, each `<id>:<base64 key>` except at most one bare
   * key, the unnamed key boxes were sealed with before the ring (docs/operations.md "Rotating keys
   * and secrets").
   */
  static fromKeyRing(spec: string): SecretBox {
    const entries = spec
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
    if (entries.length === 0) throw new SecretBoxError('invalid_key', 'the key ring is empty');
    const ring: RingKey[] = entries.map((entry) => {
      const separator = entry.indexOf(':');
      if (separator < 0) return { id: null, key: decodeKey(entry) };
      const id = entry.slice(0, separator);
      if (!KEY_ID.test(id))
        throw new SecretBoxError(
          'invalid_key',
          'each named key of the ring must be <id>:<base64 key>, the id 1 to 32 letters, digits, - or _',
        );
      return { id, key: decodeKey(entry.slice(separator + 1)) };
    });
    const ids = ring.map((entry) => entry.id ?? '(unnamed)');
    const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
    if (repeated)
      throw new SecretBoxError(
        'invalid_key',
        repeated === '(unnamed)'
          ? 'the key ring holds more than one unnamed key'
          : `key id ${repeated} appears twice`,
      );
    return new SecretBox(ring);
  }

  /** The id of the key that seals (null for a single unnamed key). */
  get sealingKeyId(): string | null {
    return this.ring[0]!.id;
  }

  encrypt(plain: string, context = ''): string {
    const { id, key } = this.ring[0]!;
    const iv = randomBytesFromPool(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const sealed = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
    return (id === null ? ['v1', ...sealed] : ['v2', id, ...sealed]).join('.');
  }

  /** Throws SecretBoxError `malformed` for a value that is not a box, `undecryptable` on tamper or wrong key. */
  decrypt(box: string, context = ''): string {
    const { keys, iv, ciphertext, tag } = this.parse(box);
    for (const key of keys) {
      const plain = open(key, iv, ciphertext, tag, context);
      if (plain !== null) return plain;
    }
    throw new SecretBoxError(
      'undecryptable',
      'sealed secret was altered or sealed with another key',
    );
  }

  /**
   * Whether `box` is sealed with another key than the one that seals now (an older key of the
   * ring, or the unnamed key once the ring has names): `gatehouse admin reencrypt` rewrites those.
   */
  isSealedWithOlderKey(box: string): boolean {
    const parts = box.split('.');
    const sealing = this.ring[0]!.id;
    if (parts[0] === 'v1') return sealing !== null;
    return parts[0] === 'v2' && parts[1] !== sealing;
  }

  private parse(box: string): { keys: Buffer[]; iv: Buffer; ciphertext: Buffer; tag: Buffer } {
    const parts = box.split('.');
    let keys: Buffer[];
    let sealed: string[];
    if (parts[0] === 'v1' && parts.length === 4) {
      keys = this.ring.map((entry) => entry.key);
      sealed = parts.slice(1);
    } else if (parts[0] === 'v2' && parts.length === 5) {
      const entry = this.ring.find((candidate) => candidate.id === parts[1]);
      if (!entry)
        throw new SecretBoxError(
          'undecryptable',
          `sealed with key ${parts[1]}, which is not in the key ring`,
        );
      keys = [entry.key];
      sealed = parts.slice(2);
    } else if (parts.length === 4 || parts.length === 5) {
      throw new SecretBoxError('malformed', `unknown sealed secret version ${parts[0]}`);
    } else {
      throw new SecretBoxError('malformed', 'not a sealed secret');
    }
    if (!sealed.every((part) => BASE64URL.test(part)))
      throw new SecretBoxError('malformed', 'not a sealed secret');
    const [iv, ciphertext, tag] = sealed.map((part) => Buffer.from(part, 'base64url'));
    if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) {
      throw new SecretBoxError('malformed', 'sealed secret has a wrong IV or tag length');
    }
    return { keys, iv: iv!, ciphertext: ciphertext!, tag: tag! };
  }
}

function open(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, context: string) {
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function decodeKey(key: string): Buffer {
  const trimmed = key.trim();
  if (!BASE64_KEY.test(trimmed))
    throw new SecretBoxError('invalid_key', 'SecretBox key must be base64');
  return checkedKey(Buffer.from(trimmed, 'base64'));
}

function checkedKey(key: Uint8Array): Buffer {
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(
      'invalid_key',
      `SecretBox needs a ${KEY_BYTES}-byte key, got ${key.length} bytes`,
    );
  }
  return Buffer.from(key);
}
