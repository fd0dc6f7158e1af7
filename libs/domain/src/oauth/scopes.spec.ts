import { InvalidScope } from '../common';
import {
  BASELINE_SCOPES,
  SCOPE_DEFINITIONS,
  SCOPES_SUPPORTED,
  allowedScopesForApp,
  defaultScopes,
  describeScope,
  formatScope,
  impliedScopes,
  isKnownScope,
  parseScope,
  resolveRequestedScopes,
  scopeCovers,
  validateScopes,
} from './scopes';

describe('scopes', () => {
  it('lists the 18 scopes of docs/oauth.md "Scopes" in order, each with a description', () => {
    expect(SCOPES_SUPPORTED).toEqual([
      'openid',
      'profile',
      'email',
      'read-billing',
      'read-memberships',
      'read-repos',
      'gated-repos',
      'contribute-repos',
      'write-repos',
      'manage-repos',
      'read-collections',
      'write-collections',
      'inference-api',
      'read-endpoints',
      'write-endpoints',
      'jobs',
      'webhooks',
      'write-discussions',
    ]);
    for (const scope of SCOPE_DEFINITIONS) {
      expect(scope.description.length).toBeGreaterThan(10);
      expect(describeScope(scope.name)).toBe(scope.description);
    }
    expect(new Set(SCOPE_DEFINITIONS.map((s) => s.description)).size).toBe(18);
  });

  it.each([
    ['openid', true],
    ['write-discussions', true],
    ['admin', false],
    ['OPENID', false],
    ['', false],
  ])('isKnownScope(%p) is %p', (value, known) => {
    expect(isKnownScope(value)).toBe(known);
  });

  it.each([
    [undefined, []],
    [null, []],
    ['', []],
    ['   ', []],
    ['openid', ['openid']],
    ['openid profile email', ['openid', 'profile', 'email']],
    ['profile openid profile', ['profile', 'openid']],
    ['openid  read-repos ', ['openid', 'read-repos']],
  ])('parseScope(%p) gives %p', (input, expected) => {
    expect(parseScope(input)).toEqual(expected);
  });

  it('formats back to a space-separated string', () => {
    expect(formatScope(['openid', 'profile'])).toBe('openid profile');
  });

  it.each([
    [['write-endpoints'], ['write-endpoints', 'read-endpoints']],
    [['write-repos'], ['write-repos', 'read-repos']],
    [['manage-repos'], ['manage-repos', 'write-repos', 'read-repos']],
    [['write-collections'], ['write-collections', 'read-collections']],
    [
      ['read-repos', 'write-repos'],
      ['read-repos', 'write-repos'],
    ],
    [
      ['openid', 'gated-repos'],
      ['openid', 'gated-repos'],
    ],
  ])('impliedScopes(%p) is %p', (input, expected) => {
    expect(impliedScopes(input)).toEqual(expected);
  });

  it.each([
    [['manage-repos'], 'read-repos', true],
    [['manage-repos'], 'write-repos', true],
    [['write-repos'], 'manage-repos', false],
    [['read-repos'], 'write-repos', false],
    [['write-endpoints'], 'read-endpoints', true],
    [['write-collections'], ['read-collections', 'write-collections'], true],
    [['gated-repos'], 'read-repos', false],
    [['openid', 'profile'], ['openid', 'email'], false],
    [[], [], true],
  ])('scopeCovers(%p, %p) is %p', (granted, required, expected) => {
    expect(scopeCovers(granted, required)).toBe(expected);
  });

  describe('validateScopes', () => {
    it('returns the requested scopes when all are allowed, implied ones included', () => {
      expect(validateScopes(['openid', 'read-repos'], ['openid', 'manage-repos'])).toEqual([
        'openid',
        'read-repos',
      ]);
    });

    it.each([
      [['openid', 'admin'], ['openid'], "Unknown scope 'admin'"],
      [['openid', 'email'], ['openid', 'profile'], "Scope 'email' is not allowed for this app"],
      [['manage-repos'], ['write-repos'], "Scope 'manage-repos' is not allowed for this app"],
    ])('refuses %p against %p with invalid_scope naming it', (requested, allowed, message) => {
      let error: unknown;
      try {
        validateScopes(requested, allowed);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidScope);
      expect((error as InvalidScope).code).toBe('invalid_scope');
      expect((error as InvalidScope).description).toBe(message);
    });
  });

  describe('default scopes', () => {
    it('uses the app scopes, or openid profile when the app has none', () => {
      expect(defaultScopes(['openid', 'read-repos'])).toEqual(['openid', 'read-repos']);
      expect(defaultScopes([])).toEqual(['openid', 'profile']);
      expect(BASELINE_SCOPES).toEqual(['openid', 'profile']);
    });

    it('lets every app ask for the baseline', () => {
      expect(allowedScopesForApp(['write-repos'])).toEqual([
        'openid',
        'profile',
        'write-repos',
        'read-repos',
      ]);
    });

    it.each([
      [undefined, ['openid', 'email'], ['openid', 'email']],
      ['', ['email'], ['email']],
      [undefined, [], ['openid', 'profile']],
      ['openid profile', ['read-repos'], ['openid', 'profile']],
      ['read-repos openid', ['manage-repos'], ['read-repos', 'openid']],
    ])('resolveRequestedScopes(%p, app %p) gives %p', (param, app, expected) => {
      expect(resolveRequestedScopes(param, app)).toEqual(expected);
    });

    it('limits token exchange to the app scopes, without the baseline', () => {
      expect(resolveRequestedScopes('read-repos', ['manage-repos'], { baseline: false })).toEqual([
        'read-repos',
      ]);
      expect(() => resolveRequestedScopes('openid', ['read-repos'], { baseline: false })).toThrow(
        new InvalidScope("Scope 'openid' is not allowed for this app"),
      );
    });

    it('refuses a scope the app does not have', () => {
      expect(() => resolveRequestedScopes('openid jobs', ['openid'])).toThrow(
        new InvalidScope("Scope 'jobs' is not allowed for this app"),
      );
    });
  });
});
