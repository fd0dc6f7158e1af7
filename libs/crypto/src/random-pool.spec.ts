import { randomBytesFromPool } from './random-pool';

describe('randomBytesFromPool', () => {
  it('hands out the length asked for, each byte once, across the refills of its block', () => {
    const drawn = Array.from({ length: 3000 }, (_, index) => randomBytesFromPool(8 + (index % 40)));
    drawn.forEach((bytes, index) => expect(bytes).toHaveLength(8 + (index % 40)));
    // 16 random bytes collide with negligible chance unless a byte of the block were served twice.
    const heads = drawn
      .filter((bytes) => bytes.length >= 16)
      .map((b) => b.subarray(0, 16).toString('hex'));
    expect(new Set(heads).size).toBe(heads.length);
  });

  it('gives each caller its own copy: changing one draw changes no other', () => {
    const first = randomBytesFromPool(16);
    const before = Buffer.from(first);
    const second = randomBytesFromPool(16);
    second.fill(0);
    expect(first).toEqual(before);
  });

  it('draws a request larger than its block on its own', () => {
    expect(randomBytesFromPool(10_000)).toHaveLength(10_000);
  });

  it('is uniform enough that every byte value shows up', () => {
    expect(new Set(randomBytesFromPool(4000)).size).toBe(256);
  });
});
