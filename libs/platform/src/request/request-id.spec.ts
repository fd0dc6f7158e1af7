import { resolveRequestId } from './request-id';

describe('resolveRequestId', () => {
  const generate = () => 'generated-id';

  it.each([
    ['abc-123'],
    ['Root=1-5759e988-bd862e3fe1be46a994272793'],
    ['a'.repeat(128)],
    ['req_01:x/y+z=@'],
  ])('keeps the caller id %p', (id) => {
    expect(resolveRequestId(id, generate)).toBe(id);
  });

  it('trims surrounding spaces', () => {
    expect(resolveRequestId('  abc  ', generate)).toBe('abc');
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['empty', ''],
    ['a space inside', 'a b'],
    ['a line break', 'abc\r\nSet-Cookie: x=1'],
    ['a quote', 'abc"def'],
    ['non-ASCII', 'abcé'],
    ['a JSON fragment', '{"level":"fatal"}'],
  ])('replaces an id with %s', (_label, id) => {
    expect(resolveRequestId(id, generate)).toBe('generated-id');
  });

  it('generates one when none was sent', () => {
    expect(resolveRequestId(undefined, generate)).toBe('generated-id');
  });

  it('generates UUIDs by default', () => {
    expect(resolveRequestId(undefined)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
