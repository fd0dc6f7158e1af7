import { classifyToken } from './token-format';

/**
 * The checksum at the end of every token minted since checksums were introduced (docs/security.md
 * "Leaked tokens"): the last 6 characters are the CRC-32 (IEEE 802.3, as zlib's `crc32`) of
 * everything before them (prefix and random body, as UTF-8), written in base62 with the
 * alphabet of libs/crypto `randomToken` (`0-9A-Za-z`), most significant digit first, padded with
 * `0`. 62^6 exceeds 2^32, so six digits hold any CRC-32. A secret scanner can so discard a random
 * `hf_…` string offline; the checksum is no secret and proves nothing about whether a token is live.
 */
export const TOKEN_CHECKSUM_LENGTH = 6;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const CRC32_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const utf8 = new TextEncoder();

/** CRC-32 of the UTF-8 bytes of `text`, as zlib computes it. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of utf8.encode(text)) crc = CRC32_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The checksum of `unchecked` (a prefix and body without checksum): 6 base62 characters. */
export function tokenChecksum(unchecked: string): string {
  let value = crc32(unchecked);
  let digits = '';
  for (let index = 0; index < TOKEN_CHECKSUM_LENGTH; index += 1) {
    digits = BASE62[value % 62]! + digits;
    value = Math.floor(value / 62);
  }
  return digits;
}

/** `unchecked` followed by its checksum. */
export function withTokenChecksum(unchecked: string): string {
  return unchecked + tokenChecksum(unchecked);
}

/**
 * Whether `token` is a well-formed token (classifyToken) whose last 6 characters are the checksum
 * of the rest. False for tokens minted before checksums, which stay valid: nothing but a secret
 * scanner's triage may rely on this.
 */
export function hasValidChecksum(token: string): boolean {
  if (typeof token !== 'string' || classifyToken(token) === null) return false;
  const unchecked = token.slice(0, -TOKEN_CHECKSUM_LENGTH);
  return token.slice(-TOKEN_CHECKSUM_LENGTH) === tokenChecksum(unchecked);
}
