import { newObjectId } from './object-id';

describe('newObjectId', () => {
  it('is 24 lower-case hex characters led by the creation second, like the domain objectId', () => {
    const id = newObjectId(Date.UTC(2023, 10, 8, 12, 0, 0, 999));
    expect(id).toMatch(/^654b7840[0-9a-f]{16}$/);
  });

  it('defaults to the current second', () => {
    const before = Math.floor(Date.now() / 1000);
    const seconds = parseInt(newObjectId().slice(0, 8), 16);
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(before + 1);
  });

  it('differs between calls in the same second', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newObjectId(0)));
    expect(ids.size).toBe(1000);
  });

  it('sorts by creation time', () => {
    expect(newObjectId(1_000_000) < newObjectId(2_000_000)).toBe(true);
  });
});
