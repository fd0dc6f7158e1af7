import { ApiError } from '@gatehouse/domain';
import type { Principal } from '../principal/principal';
import {
  actsAsUser,
  assertFineGrainedRoute,
  assertScopes,
  assertWriteAccess,
  mayChange,
} from './access-checks';

const base: Principal = {
  tokenId: 't1',
  kind: 'oauth',
  user: {
    id: 'u1',
    username: 'ada',
    email: 'ada@example.com',
    fullname: 'Ada',
    isPro: false,
    avatarUrl: null,
  },
  scopes: ['openid', 'manage-repos'],
  role: null,
  clientId: 'app',
  grantedOrgIds: [],
  boundOrgId: null,
  memberRole: null,
  repo: null,
  displayName: null,
  createdAt: new Date(0),
  expiresAt: null,
};

function forbiddenMessage(fn: () => void): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('forbidden');
    return (error as ApiError).message;
  }
  throw new Error('expected a 403');
}

describe('assertScopes', () => {
  it('passes OAuth tokens holding the scopes, implied ones included (manage-repos implies read-repos)', () => {
    expect(() => assertScopes(base, ['read-repos', 'write-repos'])).not.toThrow();
  });

  it('names the first missing scope', () => {
    expect(forbiddenMessage(() => assertScopes(base, ['read-repos', 'webhooks', 'jobs']))).toBe(
      "This token lacks the 'webhooks' scope needed for this operation",
    );
  });

  it.each(['exchange', 'trusted_publisher'] as const)('applies to %s tokens', (kind) => {
    expect(
      forbiddenMessage(() => assertScopes({ ...base, kind, scopes: [] }, ['webhooks'])),
    ).toContain("'webhooks'");
  });

  it('lets personal tokens through: they act with the user rights', () => {
    expect(() =>
      assertScopes({ ...base, kind: 'personal', scopes: [], role: 'read' }, ['webhooks']),
    ).not.toThrow();
  });
});

describe('assertWriteAccess', () => {
  it('refuses personal read tokens', () => {
    expect(
      forbiddenMessage(() => assertWriteAccess({ ...base, kind: 'personal', role: 'read' })),
    ).toBe('This token has read-only access and cannot change anything');
  });

  it('refuses exchange tokens of read members', () => {
    expect(
      forbiddenMessage(() => assertWriteAccess({ ...base, kind: 'exchange', memberRole: 'read' })),
    ).toContain('read-only');
  });

  it.each([
    { ...base, kind: 'personal' as const, role: 'write' as const },
    { ...base, kind: 'exchange' as const, memberRole: 'contributor' as const },
    base,
  ])('lets %#: other tokens through', (principal) => {
    expect(() => assertWriteAccess(principal)).not.toThrow();
  });
});

describe('fine-grained tokens on routes', () => {
  const fine = (grant: NonNullable<Principal['fineGrained']>): Principal => ({
    ...base,
    kind: 'personal',
    role: 'fineGrained',
    scopes: [],
    clientId: null,
    fineGrained: grant,
  });
  const webhooksWrite = fine({
    global: [],
    scoped: [
      { entity: { type: 'user', id: 'u1', name: 'ada' }, permissions: ['user.webhooks.write'] },
    ],
    canReadGatedRepos: false,
  });
  const orgOnly = fine({
    global: [],
    scoped: [
      { entity: { type: 'org', id: 'o1', name: 'acme' }, permissions: ['repo.write', 'org.read'] },
    ],
    canReadGatedRepos: false,
  });

  it('refuses them where the route names no permission, and passes them where it checks per resource', () => {
    expect(forbiddenMessage(() => assertFineGrainedRoute(webhooksWrite, undefined))).toBe(
      'Fine-grained tokens cannot be used for this operation',
    );
    expect(() => assertFineGrainedRoute(orgOnly, 'per-resource')).not.toThrow();
  });

  it('holds them to the permission on their owner’s own account, implied ones included', () => {
    expect(() => assertFineGrainedRoute(webhooksWrite, 'user.webhooks.read')).not.toThrow();
    expect(forbiddenMessage(() => assertFineGrainedRoute(orgOnly, 'user.webhooks.read'))).toBe(
      "This token lacks the 'user.webhooks.read' permission needed for this operation",
    );
  });

  it('does not let them act as the user, and lets them change only what their permission covers', () => {
    expect(actsAsUser(webhooksWrite)).toBe(false);
    expect(mayChange(webhooksWrite, 'user.webhooks.write')).toBe(true);
    expect(mayChange(orgOnly, 'user.webhooks.write')).toBe(false);
    expect(mayChange({ ...base, kind: 'personal', role: 'write' }, 'user.webhooks.write')).toBe(
      true,
    );
    expect(mayChange({ ...base, kind: 'personal', role: 'read' }, 'user.webhooks.write')).toBe(
      false,
    );
  });
});
