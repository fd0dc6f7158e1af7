import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';
import { generateSecretBoxKey } from './testing/secret-box-key';
import { SecretBoxError } from './secret-box.error';

const key = generateSecretBoxKey();

function expectSecretBoxError(open: () => unknown, code: SecretBoxError['code']): void {
  let caught: unknown;
  try {
    open();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(SecretBoxError);
  expect((caught as SecretBoxError).code).toBe(code);
}

function flipFirstCharacter(part: string): string {
  return (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
}

describe('SecretBox', () => {
  const box = SecretBox.fromBase64Key(key);

  it('round-trips text, including empty and non-ASCII text', () => {
    for (const plain of ['whsec_abc', '', 'ünïcødé ✓ 🔑', 'x'.repeat(10_000)]) {
      expect(box.decrypt(box.encrypt(plain))).toBe(plain);
    }
  });

  it('writes v1.<iv>.<ciphertext>.<tag> in base64url with a 12-byte IV and 16-byte tag', () => {
    const sealed = box.encrypt('hello');
    const [version, iv, ciphertext, tag] = sealed.split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(ciphertext, 'base64url')).toHaveLength(5);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('uses a fresh IV for every message', () => {
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it.each([1, 2, 3])('detects tampering with part %i', (index) => {
    const parts = box.encrypt('the webhook secret').split('.');
    parts[index] = flipFirstCharacter(parts[index]);
    expectSecretBoxError(() => box.decrypt(parts.join('.')), 'undecryptable');
  });

  it('refuses a box sealed with another key', () => {
    const other = SecretBox.fromBase64Key(generateSecretBoxKey());
    expectSecretBoxError(() => other.decrypt(box.encrypt('secret')), 'undecryptable');
  });

  it('binds the context: a box sealed for one record does not open for another', () => {
    const sealed = box.encrypt('secret', 'webhook:1');
    expect(box.decrypt(sealed, 'webhook:1')).toBe('secret');
    expectSecretBoxError(() => box.decrypt(sealed, 'webhook:2'), 'undecryptable');
    expectSecretBoxError(() => box.decrypt(sealed), 'undecryptable');
  });

  it.each([
    ['not a box'],
    ['v1.a.b'],
    ['v2.AAAAAAAAAAAAAAAA.AA.AAAAAAAAAAAAAAAAAAAAAA'],
    ['v1.AAAA.AA.AAAAAAAAAAAAAAAAAAAAAA'],
    ['v1.AAAAAAAAAAAAAAAA.AA.AAAA'],
    ['v1.AAAAAAAAAAAAAAAA.A+A.AAAAAAAAAAAAAAAAAAAAAA'],
  ])('reports %p as malformed', (sealed) => {
    expectSecretBoxError(() => box.decrypt(sealed), 'malformed');
  });

  it('accepts a key as standard or url-safe base64', () => {
    const raw = randomBytes(32);
    const sealed = SecretBox.fromBase64Key(raw.toString('base64')).encrypt('x');
    expect(SecretBox.fromBase64Key(raw.toString('base64url')).decrypt(sealed)).toBe('x');
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(33).toString('base64')],
    ['not base64', '!'.repeat(44)],
    ['empty', ''],
  ])('refuses a key that is %s', (_label, badKey) => {
    expectSecretBoxError(() => SecretBox.fromBase64Key(badKey), 'invalid_key');
  });

  it('generates 32-byte base64 keys', () => {
    expect(Buffer.from(generateSecretBoxKey(), 'base64')).toHaveLength(32);
    expect(generateSecretBoxKey()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});

describe('SecretBox key ring', () => {
  const oldKey = generateSecretBoxKey();
  const newKey = generateSecretBoxKey();
  const legacy = SecretBox.fromBase64Key(oldKey);

  it('seals with the first key, naming it, and opens with it', () => {
    const ring = SecretBox.fromKeyRing(`k2:${newKey},k1:${oldKey}`);
    const sealed = ring.encrypt('whsec_abc', 'webhook:1');
    expect(sealed).toMatch(/^v2\.k2\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(ring.decrypt(sealed, 'webhook:1')).toBe('whsec_abc');
    expect(ring.sealingKeyId).toBe('k2');
  });

  it('opens what an older key of the ring sealed, and what the single key sealed before the ring', () => {
    const before = SecretBox.fromKeyRing(`k1:${oldKey}`);
    const ring = SecretBox.fromKeyRing(`k2:${newKey},k1:${oldKey}`);
    expect(ring.decrypt(before.encrypt('from k1', 'c'), 'c')).toBe('from k1');
    expect(ring.decrypt(legacy.encrypt('from v1', 'c'), 'c')).toBe('from v1');
  });

  it('says which boxes an older key sealed, for the re-encryption', () => {
    const ring = SecretBox.fromKeyRing(`k2:${newKey},k1:${oldKey}`);
    expect(ring.isSealedWithOlderKey(ring.encrypt('x'))).toBe(false);
    expect(ring.isSealedWithOlderKey(SecretBox.fromKeyRing(`k1:${oldKey}`).encrypt('x'))).toBe(
      true,
    );
    expect(ring.isSealedWithOlderKey(legacy.encrypt('x'))).toBe(true);
    expect(legacy.isSealedWithOlderKey(legacy.encrypt('x'))).toBe(false);
  });

  it('refuses a box of a key that left the ring, naming the key', () => {
    const sealed = SecretBox.fromKeyRing(`k1:${oldKey}`).encrypt('x');
    expect(() => SecretBox.fromKeyRing(`k2:${newKey}`).decrypt(sealed)).toThrow(
      'sealed with key k1, which is not in the key ring',
    );
    expect(() => SecretBox.fromKeyRing(`k2:${newKey}`).decrypt(legacy.encrypt('x'))).toThrow(
      SecretBoxError,
    );
  });

  it('still binds the context with a ring', () => {
    const ring = SecretBox.fromKeyRing(`k2:${newKey},k1:${oldKey}`);
    expectSecretBoxError(
      () => ring.decrypt(ring.encrypt('x', 'webhook:1'), 'webhook:2'),
      'undecryptable',
    );
  });

  it('moves from the unnamed key to a named one in steps every running reader follows', () => {
    const before = legacy;
    const introduce = SecretBox.fromKeyRing(`${oldKey},k2:${newKey}`);
    const switchOver = SecretBox.fromKeyRing(`k2:${newKey},${oldKey}`);
    const after = SecretBox.fromKeyRing(`k2:${newKey}`);
    // Step 1 still seals v1, which readers of the bare key open.
    expect(before.decrypt(introduce.encrypt('a', 'c'), 'c')).toBe('a');
    // Step 2 seals v2.k2, which step-1 readers open; what the bare key sealed still opens.
    expect(introduce.decrypt(switchOver.encrypt('b', 'c'), 'c')).toBe('b');
    expect(switchOver.decrypt(before.encrypt('c', 'c'), 'c')).toBe('c');
    expect(switchOver.isSealedWithOlderKey(before.encrypt('d'))).toBe(true);
    // After the re-encryption, the ring of the new key alone opens what step 2 sealed.
    expect(after.decrypt(switchOver.encrypt('e', 'c'), 'c')).toBe('e');
  });

  it('reads a single bare key as the unnamed key', () => {
    const single = SecretBox.fromKeyRing(oldKey);
    expect(single.encrypt('x')).toMatch(/^v1\./);
    expect(single.sealingKeyId).toBeNull();
  });

  it.each([
    ['', 'the key ring is empty'],
    [`k1:${oldKey},k1:${newKey}`, 'key id k1 appears twice'],
    [`:${oldKey}`, 'each named key of the ring must be <id>:<base64 key>'],
    [`k 1:${oldKey}`, 'each named key of the ring must be <id>:<base64 key>'],
    [`${oldKey},k1:${newKey},${newKey}`, 'the key ring holds more than one unnamed key'],
    ['k1:c2hvcnQ=', 'SecretBox needs a 32-byte key, got 5 bytes'],
  ])('refuses the ring %p: %s', (spec, message) => {
    expect(() => SecretBox.fromKeyRing(spec)).toThrow(message);
  });
});
