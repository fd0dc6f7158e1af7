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
