import { InvalidScope } from '@gatehouse/domain';
import { narrowRefreshScopes } from './narrow-refresh-scopes';

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
