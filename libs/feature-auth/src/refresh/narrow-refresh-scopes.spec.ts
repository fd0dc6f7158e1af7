import { InvalidScope, scopeCovers } from '@gatehouse/domain';
import { narrowRefreshScopes, refreshNarrowing } from './narrow-refresh-scopes';

describe('narrowRefreshScopes (RFC 6749 §6)', () => {
  const granted = ['openid', 'profile', 'write-repos'];

  it.each([
    [undefined, granted],
    ['', granted],
    ['openid', ['openid']],
    ['profile openid', ['profile', 'openid']],
    ['read-repos', ['read-repos']],
  ])('%p gives %p', (scope, expected) => {
    expect(narrowRefreshScopes(scope, granted)).toEqual(expected);
  });

  it.each([
    ['openid email', "Scope 'email' was not granted to this refresh token"],
    ['manage-repos', "Scope 'manage-repos' was not granted to this refresh token"],
  ])('refuses widening %p', (scope, message) => {
    expect(() => narrowRefreshScopes(scope, granted)).toThrow(new InvalidScope(message));
  });
});

describe('refreshNarrowing', () => {
  it('gives nothing to check when nothing is narrowed', () => {
    expect(refreshNarrowing(undefined)).toEqual([]);
    expect(refreshNarrowing('')).toEqual([]);
  });

  it('names every scope whose grant covers each requested one', () => {
    expect(refreshNarrowing('openid read-repos')).toEqual([
      { scope: 'openid', coveredBy: ['openid'] },
      { scope: 'read-repos', coveredBy: ['read-repos', 'write-repos', 'manage-repos'] },
    ]);
  });

  it('agrees with narrowRefreshScopes on what a grant covers', () => {
    const granted = ['openid', 'profile', 'write-repos'];
    for (const scope of ['openid', 'email', 'read-repos', 'write-repos', 'manage-repos']) {
      const covered = refreshNarrowing(scope).every(({ coveredBy }) =>
        coveredBy.some((candidate) => granted.includes(candidate)),
      );
      expect([scope, covered]).toEqual([scope, scopeCovers(granted, scope)]);
    }
  });
});
