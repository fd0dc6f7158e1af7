import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { envVariable, invalid } from './env-variable';

// Field types shared by the sections. Each message says what a good value looks like.

export const portNumber = envVariable((raw) => {
  const port = Number(raw);
  return /^\d{1,5}$/.test(raw) && port >= 1 && port <= 65535
    ? port
    : invalid('must be an integer from 1 to 65535');
});

export function positiveInteger(options: { allowZero?: boolean } = {}) {
  const minimum = options.allowZero ? 0 : 1;
  const message = options.allowZero
    ? 'must be a non-negative integer'
    : 'must be a positive integer';
  return envVariable((raw) => {
    const value = Number(raw);
    return /^\d{1,15}$/.test(raw) && value >= minimum ? value : invalid(message);
  });
}

/** The issuer and base URL: compared character for character by OAuth clients, so no trailing slash. */
export const publicBaseUrl = envVariable((raw) => {
  const url = parseHttpUrl(raw);
  if (!url) return invalid('must be an absolute http(s) URL');
  if (raw.endsWith('/')) return invalid('must not end with a slash');
  if (url.search || url.hash || raw.includes('?') || raw.includes('#'))
    return invalid('must not have a query or fragment');
  if (url.username || url.password) return invalid('must not contain credentials');
  return raw;
});

/** A service's base URL; trailing slashes are dropped so paths can be appended. */
export const serviceUrl = envVariable((raw) =>
  parseHttpUrl(raw) ? raw.replace(/\/+$/, '') : invalid('must be an absolute http(s) URL'),
);

export function urlWithScheme(schemes: readonly string[]) {
  const message = `must be a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL`;
  return envVariable((raw) => {
    try {
      const url = new URL(raw);
      return schemes.includes(url.protocol.slice(0, -1)) && url.hostname !== ''
        ? raw
        : invalid(message);
    } catch {
      return invalid(message);
    }
  });
}

const BROKER = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})$/;

export const brokerList = envVariable((raw) => {
  const brokers = raw.split(',').map((entry) => entry.trim());
  const valid = brokers.every((broker) => {
    const match = BROKER.exec(broker);
    return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 65535;
  });
  return valid ? brokers : invalid('must be a comma-separated list of host:port');
});

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

export const flag = envVariable((raw) => {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return invalid('must be one of true, false, 1, 0, yes, no');
});

export function oneOf<const T extends string>(values: readonly T[]) {
  return envVariable((raw) =>
    (values as readonly string[]).includes(raw)
      ? (raw as T)
      : invalid(`must be one of ${values.join(', ')}`),
  );
}

export const nonEmptyText = envVariable((raw) => raw);

const BASE64_32 = /^[A-Za-z0-9+/_-]{43}=?$/;
const decodesTo32 = (value: string) =>
  BASE64_32.test(value) && Buffer.from(value, 'base64').length === 32;

/**
 * `GATEHOUSE_ENCRYPTION_KEY`: a base64 (or base64url) encoding of exactly 32 bytes, as `openssl
 * rand -base64 32` prints; or, to rotate it, a key ring: keys separated by commas, newest first,
 * each `<id>:<base64 key>` with a unique id (1 to 32 letters, digits, `-` or `_`) except at most
 * one bare key (SecretBox.fromKeyRing).
 */
export const encryptionKeyRing = envVariable((raw) => {
  const value = raw.trim();
  if (!value.includes(':') && !value.includes(','))
    return decodesTo32(value)
      ? value
      : invalid('must be base64 of exactly 32 bytes (generate one with: openssl rand -base64 32)');
  const entries = value.split(',').map((entry) => entry.trim());
  const ids: string[] = [];
  for (const entry of entries) {
    const match = /^(?:([A-Za-z0-9_-]{1,32}):)?(.*)$/.exec(entry)!;
    const id = match[1] ?? '(unnamed)';
    if (!decodesTo32(match[2]!))
      return invalid(
        'a key ring must be keys separated by commas, newest first, each <id>:<base64 of 32 bytes> but at most one bare key (k2:<new key>,<current key>)',
      );
    if (ids.includes(id))
      return invalid(
        id === '(unnamed)'
          ? 'the key ring holds more than one unnamed key'
          : `the key ring names the key ${id} twice`,
      );
    ids.push(id);
  }
  return entries.join(',');
});

export const bearerSecret = envVariable((raw) =>
  raw.length >= 32 ? raw : invalid('must be at least 32 characters'),
);

/** Comma-separated whole seconds, for instance a retry schedule. */
export const secondsList = envVariable((raw) => {
  const entries = raw.split(',').map((entry) => entry.trim());
  return entries.every((entry) => /^\d{1,9}$/.test(entry))
    ? entries.map(Number)
    : invalid('must be a comma-separated list of whole seconds');
});

/** `uid:gid`, numeric (`65534:65534` is `nobody:nogroup` on Debian): the identity a child process is switched to. */
export const processUser = envVariable((raw) => {
  const match = /^(\d{1,10}):(\d{1,10})$/.exec(raw.trim());
  const uid = Number(match?.[1]);
  const gid = Number(match?.[2]);
  return match && uid > 0 && gid > 0 && uid < 2 ** 32 - 1 && gid < 2 ** 32 - 1
    ? { uid, gid }
    : invalid('must be uid:gid, two numbers other than 0 (root)');
});

/** An address to listen on: an IP literal, or `localhost`. */
export const bindAddress = envVariable((raw) =>
  isIP(raw) !== 0 || raw === 'localhost'
    ? raw
    : invalid('must be an IP address (127.0.0.1, ::1, 0.0.0.0, ::) or localhost'),
);

/** Whether a `bindAddress` reaches this machine only: `localhost`, 127.0.0.0/8, `::1` (RFC 6890). */
export function isLoopbackBindAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === 'localhost' || address === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}

/**
 * Comma-separated CIDR blocks (`10.0.0.0/8`, `2001:db8::/32`) or single addresses (one host),
 * normalised to `address/bits`; empty for none. IPv4 in dotted-quad form only, no zone ids, as
 * the client-address rule (libs/domain/src/net/client-address.ts) reads them.
 */
export const cidrList = envVariable((raw) => {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const blocks = entries.map(cidrBlock);
  return blocks.every((block): block is string => block !== null)
    ? blocks
    : invalid(
        'must be a comma-separated list of IP addresses or CIDR blocks (10.0.0.0/8, 2001:db8::/32)',
      );
});

const DOTTED_QUAD =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function cidrBlock(entry: string): string | null {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = DOTTED_QUAD.test(address)
    ? 4
    : !address.includes('%') && !address.includes('.') && isIP(address) === 6
      ? 6
      : 0;
  if (family === 0 || rest.length > 0) return null;
  const width = family === 4 ? 32 : 128;
  if (bits === undefined) return `${address}/${width}`;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= width ? `${address}/${Number(bits)}` : null;
}

/**
 * The path of a PEM file, read at boot: the value is its text. `label` is what its blocks must
 * say (`CERTIFICATE`, `PRIVATE KEY`, which also matches `RSA PRIVATE KEY` and `EC PRIVATE KEY`).
 */
export function pemFile(label: string) {
  return envVariable((raw) => {
    let text: string;
    try {
      text = readFileSync(raw, 'utf8');
    } catch (error) {
      return invalid(
        `cannot read ${raw} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    return new RegExp(`-----BEGIN ([A-Z]+ )?${label}-----`).test(text)
      ? text
      : invalid(`${raw} holds no PEM ${label}`);
  });
}

/** A Kubernetes namespace or other DNS-1123 label: lower-case letters, digits and dashes, at most 63. */
export const kubernetesName = envVariable((raw) =>
  /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(raw)
    ? raw
    : invalid('must be a Kubernetes name: lower-case letters, digits and dashes, at most 63'),
);

/** Used inside URNs (`urn:<platform>:token-type:user-email`), so limited to a URN-safe word. */
export const urnWord = envVariable((raw) =>
  /^[a-z0-9][a-z0-9-]{0,30}$/.test(raw)
    ? raw
    : invalid('must be lower-case letters, digits and dashes'),
);

function parseHttpUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
      ? url
      : undefined;
  } catch {
    return undefined;
  }
}

// The bounds the crypto lib accepts (a hash in flight holds 128 × N × r bytes: at most 1 GiB here).
const SCRYPT_MAX_LOG_N = 20;
const SCRYPT_MAX_R = 32;
const SCRYPT_MAX_P = 16;

/** A scrypt cost, `N=16384,r=8,p=5`: N a power of two from 2^10 to 2^20, r from 1 to 32, p from 1 to 16. */
export const scryptCost = envVariable((raw) => {
  const match = /^N=(\d{1,8}),r=(\d{1,2}),p=(\d{1,2})$/.exec(raw.replace(/\s+/g, ''));
  const message = `must be N=<power of two from 1024 to ${2 ** SCRYPT_MAX_LOG_N}>,r=<1 to ${SCRYPT_MAX_R}>,p=<1 to ${SCRYPT_MAX_P}>, such as N=8192,r=8,p=10`;
  if (!match) return invalid(message);
  const [N, r, p] = match.slice(1).map(Number) as [number, number, number];
  const powerOfTwo = (N & (N - 1)) === 0 && N >= 2 ** 10 && N <= 2 ** SCRYPT_MAX_LOG_N;
  if (!powerOfTwo || r < 1 || r > SCRYPT_MAX_R || p < 1 || p > SCRYPT_MAX_P)
    return invalid(message);
  return { N, r, p };
});
