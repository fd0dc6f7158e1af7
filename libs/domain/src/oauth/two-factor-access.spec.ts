import { authorizePermission, type PolicyResource, type PolicyToken } from './access-policy';

const ACME = 'a'.repeat(24);
const USER = 'u'.repeat(24);
const MESSAGE =
  'Organization acme requires two-factor authentication: set up an authenticator app or a passkey at /settings/account/security, then try again.';

const token = (fields: Partial<PolicyToken> = {}): PolicyToken => ({
  kind: 'oauth',
  userId: USER,
  scopes: ['read-repos', 'write-repos'],
  grantedOrgIds: [ACME],
  orgRoles: { [ACME]: 'admin' },
  twoFactorMissing: { [ACME]: 'acme' },
  ...fields,
});
const privateRepo: PolicyResource = {
  kind: 'repo',
  id: 'model/acme/bert',
  ownerType: 'org',
  ownerId: ACME,
  private: true,
};

describe('an organization that requires two factors, in the access policy', () => {
  it.each(['personal', 'oauth'] as const)(
    'refuses a %s token of a member without one, saying where to set one up',
    (kind) => {
      expect(
        authorizePermission(token({ kind, role: 'write' }), 'repo.content.read', privateRepo),
      ).toEqual({ allow: false, reason: MESSAGE });
    },
  );

  it('still lets such a token read public content, as anyone may', () => {
    expect(
      authorizePermission(token(), 'repo.content.read', { ...privateRepo, private: false }),
    ).toMatchObject({ allow: true });
  });

  it('leaves other organizations and the user’s own resources alone', () => {
    const elsewhere = token({ twoFactorMissing: { ['b'.repeat(24)]: 'beta' } });
    expect(authorizePermission(elsewhere, 'repo.write', privateRepo)).toMatchObject({
      allow: true,
    });
    expect(
      authorizePermission(token(), 'repo.write', {
        ...privateRepo,
        ownerType: 'user',
        ownerId: USER,
      }),
    ).toMatchObject({ allow: true });
  });
});
