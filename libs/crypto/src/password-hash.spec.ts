import { scryptSync } from 'node:crypto';
import {
  DEFAULT_SCRYPT_PARAMETERS,
  hashPassword,
  passwordHashConcurrency,
  passwordNeedsRehash,
  setPasswordHashCost,
  verifyPassword,
} from './password-hash';

// Cheap parameters keep most cases fast; one case exercises the production default.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$key with the production default of N=2^13, r=8, p=4', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$8192\$8\$4\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    // The key is scrypt's with the parameters the string names, as Node computes it on its own:
    // they were applied, not merely written down.
    const [, , , , salt, key] = stored.split('$');
    const expected = scryptSync(
      'correct horse battery staple',
      Buffer.from(salt!, 'base64url'),
      32,
      {
        N: 2 ** 13,
        r: 8,
        p: 4,
        maxmem: 16 * 1024 * 1024,
      },
    );
    expect(Buffer.from(key!, 'base64url').equals(expected)).toBe(true);
  });

  it('rejects a wrong password', async () => {
    const stored = await hashPassword('s3cret', FAST);
    expect(await verifyPassword('s3cret', stored)).toBe(true);
    expect(await verifyPassword('s3creT', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', FAST)).not.toBe(await hashPassword('same', FAST));
  });

  it('matches the same password typed in another Unicode normalization form', async () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(await verifyPassword(decomposed, await hashPassword(composed, FAST))).toBe(true);
  });

  it('verifies hashes made with other parameters, read from the stored string', async () => {
    const stored = await hashPassword('pw', { N: 2 ** 11, r: 4, p: 2 });
    expect(stored.startsWith('scrypt$2048$4$2$')).toBe(true);
    expect(await verifyPassword('pw', stored)).toBe(true);
  });

  it.each([
    [''],
    ['plain-text-password'],
    ['bcrypt$2b$10$abc'],
    ['scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['scrypt$4294967296$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['scrypt$1024$8$1$AAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA'],
  ])('answers false for the unusable stored value %p', async (stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('refuses to hash with parameters out of range', async () => {
    await expect(hashPassword('pw', { N: 1000, r: 8, p: 1 })).rejects.toThrow(RangeError);
    await expect(hashPassword('pw', { N: 2 ** 21, r: 8, p: 1 })).rejects.toThrow(RangeError);
  });

  it('hashes by default with the work of N=2^15, r=8, p=1 in an 8 MiB block', () => {
    expect(DEFAULT_SCRYPT_PARAMETERS).toEqual({ N: 8192, r: 8, p: 4 });
    const { N, r, p } = DEFAULT_SCRYPT_PARAMETERS;
    expect(N * r * p).toBe(2 ** 15 * 8 * 1);
    expect(128 * N * r).toBe(8 * 1024 * 1024);
  });

  it('still verifies a hash stored at the earlier default, N=2^15, r=8, p=1, and asks for it again', async () => {
    const earlier = await hashPassword('pw', { N: 2 ** 15, r: 8, p: 1 });
    expect(await verifyPassword('pw', earlier)).toBe(true);
    expect(passwordNeedsRehash(earlier)).toBe(true);
    expect(passwordNeedsRehash(await hashPassword('pw'))).toBe(false);
  });

  it('asks for a hash again when any one of its parameters differs, or when it is not one of ours', async () => {
    const stored = await hashPassword('pw', FAST);
    expect(passwordNeedsRehash(stored, FAST)).toBe(false);
    expect(passwordNeedsRehash(stored, { ...FAST, N: 2 ** 11 })).toBe(true);
    expect(passwordNeedsRehash(stored, { ...FAST, r: 4 })).toBe(true);
    expect(passwordNeedsRehash(stored, { ...FAST, p: 2 })).toBe(true);
    expect(passwordNeedsRehash('bcrypt$2b$10$abc')).toBe(true);
  });

  it('hashes at the cost the process was given, and asks for hashes at any other cost again', async () => {
    const atDefault = await hashPassword('pw', DEFAULT_SCRYPT_PARAMETERS);
    setPasswordHashCost(FAST);
    try {
      const stored = await hashPassword('pw');
      expect(stored.split('$').slice(1, 4)).toEqual(['1024', '8', '1']);
      expect(passwordNeedsRehash(stored)).toBe(false);
      expect(passwordNeedsRehash(atDefault)).toBe(true);
      expect(() => setPasswordHashCost({ N: 1000, r: 8, p: 1 })).toThrow(RangeError);
    } finally {
      setPasswordHashCost(DEFAULT_SCRYPT_PARAMETERS);
    }
    expect(passwordNeedsRehash(atDefault)).toBe(false);
  });

  it('answers every one of many hashes asked for at once, each verifiable', async () => {
    const passwords = Array.from({ length: 12 }, (_, index) => `password-${index}`);
    const stored = await Promise.all(passwords.map((password) => hashPassword(password, FAST)));
    expect(
      await Promise.all(
        passwords.map((password, index) => verifyPassword(password, stored[index])),
      ),
    ).toEqual(passwords.map(() => true));
    expect(await verifyPassword('password-0', stored[1])).toBe(false);
  });
});

describe('passwordHashConcurrency', () => {
  it.each([
    { cores: 2, threadpool: undefined, expected: 2 },
    { cores: 8, threadpool: undefined, expected: 4 },
    { cores: 8, threadpool: '16', expected: 8 },
    { cores: 16, threadpool: '6', expected: 6 },
    { cores: 2, threadpool: '1', expected: 1 },
    { cores: 64, threadpool: '4096', expected: 64 },
    { cores: 8, threadpool: '0', expected: 4 },
    { cores: 8, threadpool: 'lots', expected: 4 },
    { cores: 0, threadpool: undefined, expected: 1 },
  ])(
    'is $expected on $cores cores with UV_THREADPOOL_SIZE=$threadpool',
    ({ cores, threadpool, expected }) => {
      expect(passwordHashConcurrency(cores, threadpool)).toBe(expected);
    },
  );
});
