import { isObjectId, objectId } from './object-id';

describe('objectId', () => {
  it('is 24 hex characters led by the creation second', () => {
    const id = objectId(
      Date.UTC(2023, 10, 8, 12, 0, 0),
      new Uint8Array([1, 2, 3, 4, 5, 6, 7, 255]),
    );
    expect(id).toBe('654b7840' + '01020304050607ff');
    expect(isObjectId(id)).toBe(true);
  });

  it('sorts by creation time', () => {
    const bytes = new Uint8Array(8);
    expect(objectId(1_000_000, bytes) < objectId(2_000_000, bytes)).toBe(true);
  });

  it('refuses anything but 8 random bytes', () => {
    expect(() => objectId(0, new Uint8Array(4))).toThrow(RangeError);
  });

  it.each([['654B7840010203040506070F'], ['xyz'], [42], ['654b7840010203040506070']])(
    'rejects %p',
    (value) => {
      expect(isObjectId(value)).toBe(false);
    },
  );
});
