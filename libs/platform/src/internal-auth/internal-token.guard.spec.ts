import { InternalTokenGuard } from './internal-token.guard';
import { isInternalPath } from './internal-routes.guard';

describe('InternalTokenGuard', () => {
  const guard = new InternalTokenGuard(['s3cret-internal']);

  it.each([['Bearer s3cret-internal'], ['bearer s3cret-internal'], ['Bearer  s3cret-internal ']])(
    'admits %p',
    (header) => {
      expect(guard.isAuthorized(header)).toBe(true);
    },
  );

  it.each([
    ['no header', undefined],
    ['another token', 'Bearer s3cret-internaX'],
    ['a prefix of the token', 'Bearer s3cret'],
    ['the token with more after it', 'Bearer s3cret-internal-and-more'],
    ['Basic credentials', 'Basic czNjcmV0LWludGVybmFs'],
    ['the bare token', 's3cret-internal'],
  ])('refuses %s', (_label, header) => {
    expect(guard.isAuthorized(header)).toBe(false);
  });

  it('refuses everything when no token is configured', () => {
    expect(new InternalTokenGuard([]).isAuthorized('Bearer ')).toBe(false);
    expect(new InternalTokenGuard(['']).isAuthorized('Bearer ')).toBe(false);
  });

  it('admits either value during a rotation, and nothing else', () => {
    const rotating = new InternalTokenGuard(['new-internal-s3cret', 'old-internal-s3cret']);
    expect(rotating.isAuthorized('Bearer new-internal-s3cret')).toBe(true);
    expect(rotating.isAuthorized('Bearer old-internal-s3cret')).toBe(true);
    expect(rotating.isAuthorized('Bearer other-internal-s3cret')).toBe(false);
    expect(rotating.isAuthorized('Bearer new-internal-s3cret old-internal-s3cret')).toBe(false);
  });
});

describe('isInternalPath', () => {
  it.each([
    ['/internal', true],
    ['/internal/token-exchange', true],
    ['/Internal/token-exchange', true],
    ['/internals', false],
    ['/api/internal', false],
  ])('%s → %p', (path, expected) => {
    expect(isInternalPath(path)).toBe(expected);
  });
});
