import { randomClusterId } from './kafka-broker';

describe('randomClusterId', () => {
  it('is 16 bytes of URL-safe base64', () => {
    expect(randomClusterId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('draws again rather than start with a dash, which the storage tool would take for an option', () => {
    const draws = [Buffer.alloc(16, 0xfb), Buffer.alloc(16, 0x01)]; // 0xfb... encodes as '-', 0x01... as 'A'
    expect(randomClusterId(() => draws.shift() as Buffer)).toBe(
      Buffer.alloc(16, 0x01).toString('base64url'),
    );
    expect(draws).toEqual([]);
  });
});
