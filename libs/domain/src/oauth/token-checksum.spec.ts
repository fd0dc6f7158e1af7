import { crc32 as zlibCrc32 } from 'node:zlib';
import {
  crc32,
  hasValidChecksum,
  TOKEN_CHECKSUM_LENGTH,
  tokenChecksum,
  withTokenChecksum,
} from './token-checksum';
import { classifyToken } from './token-format';

// 37 base62 characters: a body of today's length (43) less the checksum.
const UNCHECKED_BODY = 'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3';

describe('token checksum', () => {
  // Expected values computed with Python's zlib.crc32 and the base62 rule of the docs, so the
  // table does not depend on this implementation.
  it.each([
    ['', 0, '000000'],
    ['123456789', 3421780262, '3jZRME'],
    ['hf_', 1911997390, '25OXra'],
    [`hf_${UNCHECKED_BODY}`, 3947386467, '4J8pXf'],
    [`hf_oauth_${UNCHECKED_BODY}`, 273034761, '0ITcoT'],
    [`hf_oauth_refresh_${UNCHECKED_BODY}`, 3544561915, '3rscTT'],
  ])('crc32(%p) is %p, written %p', (text, value, checksum) => {
    expect(crc32(text)).toBe(value);
    expect(tokenChecksum(text)).toBe(checksum);
  });

  it("agrees with Node's zlib.crc32 on any text", () => {
    const samples = ['a', 'hf_x', 'é€😀', UNCHECKED_BODY.repeat(5), String.fromCharCode(0, 255)];
    for (const sample of samples) expect(crc32(sample)).toBe(zlibCrc32(sample));
  });

  it('is always six base62 characters', () => {
    for (let length = 0; length < 300; length += 1) {
      expect(tokenChecksum('x'.repeat(length))).toMatch(/^[0-9A-Za-z]{6}$/);
    }
    expect(TOKEN_CHECKSUM_LENGTH).toBe(6);
  });

  it.each([
    [`hf_${UNCHECKED_BODY}4J8pXf`, true],
    [`hf_oauth_${UNCHECKED_BODY}0ITcoT`, true],
    [`hf_oauth_refresh_${UNCHECKED_BODY}3rscTT`, true],
    // One character of the body or of the checksum changed.
    [`hf_${UNCHECKED_BODY.replace('A', 'B')}4J8pXf`, false],
    [`hf_${UNCHECKED_BODY}4J8pXg`, false],
    // The checksum of another kind's prefix: the prefix is covered too.
    [`hf_oauth_${UNCHECKED_BODY}4J8pXf`, false],
    // A token minted before checksums: valid, classified, just without a checksum.
    ['hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9', false],
    // Not a token at all.
    ['4J8pXf', false],
    [`api_${UNCHECKED_BODY}4J8pXf`, false],
    [`hf_${UNCHECKED_BODY}4J8pXf `, false],
    ['', false],
  ])('hasValidChecksum(%p) is %p', (token, valid) => {
    expect(hasValidChecksum(token)).toBe(valid);
  });

  it('refuses what is not a string', () => {
    expect(hasValidChecksum(42 as unknown as string)).toBe(false);
    expect(hasValidChecksum(null as unknown as string)).toBe(false);
  });

  it('keeps the length and the prefix, and the result is still a token of its kind', () => {
    const token = withTokenChecksum(`hf_oauth_refresh_${UNCHECKED_BODY}`);
    expect(token).toHaveLength(`hf_oauth_refresh_${UNCHECKED_BODY}`.length + 6);
    expect(classifyToken(token)).toBe('oauth_refresh');
    expect(hasValidChecksum(token)).toBe(true);
  });

  it('leaves tokens minted before checksums classified as before', () => {
    expect(classifyToken('hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9')).toBe('personal');
  });
});
