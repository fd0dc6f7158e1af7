import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConcurrencyLimit } from './concurrency-limit';

/** scrypt cost parameters (RFC 7914 section 2). */
export interface ScryptParameters {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
}

/**
 * 2^13 * 8 * 128 bytes = 8 MiB per hash, run four times in a row (p = 4): the work of
 * N=2^15, r=8, p=1 (about a tenth of a second of one core) in a quarter of its memory; below
 * OWASP's minimums, as that setting was (docs/security.md "Password storage"). A hash holds its
 * block until it ends, so with one hash per core in flight the block's size is what a sign-in
 * spike adds to the process.
 */
export const DEFAULT_SCRYPT_PARAMETERS: Readonly<ScryptParameters> = Object.freeze({
  N: 2 ** 13,
  r: 8,
  p: 4,
});

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const SCHEME = 'scrypt';
// Bounds on parameters read back from storage, so a corrupt row cannot ask for gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
/** libuv's thread pool when UV_THREADPOOL_SIZE is unset, and its ceiling (libuv's threadpool.c). */
const LIBUV_DEFAULT_THREADS = 4;
const LIBUV_MAX_THREADS = 1024;

/**
 * How many hashes run at once: one per core, and no more than libuv has threads to run them on.
 * Each hash holds 128 * N * r bytes (8 MiB by default) until it ends; a hash started beyond
 * the cores only waits for CPU inside the thread pool while holding its memory, so queueing it
 * here costs no throughput and keeps the process's peak at `cores` hashes.
 */
export function passwordHashConcurrency(cores: number, threadpoolSize: string | undefined): number {
  const requested = Number(threadpoolSize);
  const threads =
    Number.isInteger(requested) && requested > 0
      ? Math.min(requested, LIBUV_MAX_THREADS)
      : LIBUV_DEFAULT_THREADS;
  return Math.max(1, Math.min(cores, threads));
}

// libuv's own variable, not Gatehouse configuration: the limit follows the pool libuv started.
// eslint-disable-next-line no-restricted-properties
const threadpoolSize = process.env['UV_THREADPOOL_SIZE'];
const hashing = new ConcurrencyLimit(
  passwordHashConcurrency(availableParallelism(), threadpoolSize),
);

let processCost: Readonly<ScryptParameters> = DEFAULT_SCRYPT_PARAMETERS;

/**
 * The cost this process hashes new passwords at, and rehashes others to at their next sign-in
 * (GATEHOUSE_PASSWORD_HASH_COST, set once when the app starts); DEFAULT_SCRYPT_PARAMETERS until then.
 */
export function setPasswordHashCost(parameters: ScryptParameters): void {
  assertParameters(parameters);
  processCost = Object.freeze({ N: parameters.N, r: parameters.r, p: parameters.p });
}

/**
 * Memory-hard password hash, stored as `scrypt$N$r$p$<salt>$<key>` (base64url). The parameters
 * travel with the hash so they can be raised later without invalidating stored passwords.
 */
export async function hashPassword(
  password: string,
  parameters: ScryptParameters = processCost,
): Promise<string> {
  assertParameters(parameters);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, parameters);
  const { N, r, p } = parameters;
  return [SCHEME, N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for a stored value this module did not produce. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredPassword(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.parameters);
  return timingSafeEqual(key, parsed.key);
}

/**
 * Whether a stored hash was made with other parameters than `parameters` (or is not one this
 * module made): signing in with the right password then stores it again at the current cost.
 */
export function passwordNeedsRehash(
  stored: string,
  parameters: ScryptParameters = processCost,
): boolean {
  const parsed = parseStoredPassword(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.parameters;
  return N !== parameters.N || r !== parameters.r || p !== parameters.p;
}

interface StoredPassword {
  parameters: ScryptParameters;
  salt: Buffer;
  key: Buffer;
}

function parseStoredPassword(stored: string): StoredPassword | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN));
  const parameters = { N, r, p };
  if (!validParameters(parameters)) return undefined;
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  if (salt.length < SALT_BYTES || key.length < KEY_BYTES) return undefined;
  return { parameters, salt, key };
}

function validParameters({ N, r, p }: ScryptParameters): boolean {
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  return (
    powerOfTwo &&
    N <= MAX_N &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P
  );
}

function assertParameters(parameters: ScryptParameters): void {
  if (!validParameters(parameters)) {
    throw new RangeError(`scrypt parameters out of range: ${JSON.stringify(parameters)}`);
  }
}

function derive(
  password: string,
  salt: Buffer,
  keyLength: number,
  { N, r, p }: ScryptParameters,
): Promise<Buffer> {
  // Node refuses by default above 32 MiB (a raised N or r); scrypt needs 128 * N * r bytes plus a little bookkeeping.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  // RFC 8265 section 4.2: compare passwords in NFC, so the same password typed on another keyboard matches.
  const normalized = password.normalize('NFC');
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(normalized, salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}
