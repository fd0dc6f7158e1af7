import type { PolicyResource } from '@gatehouse/domain/testing';
import {
  createTokenExchangeTestKit,
  IDS,
  TokenExchangeTestKit,
} from '../testing/token-exchange-test-kit';

const acmeRepo: PolicyResource = {
  kind: 'repo',
  id: 'model/acme/bert',
  ownerType: 'org',
  ownerId: IDS.acme,
  private: true,
};

describe('POST /internal/authorize decisions', () => {
  let kit: TokenExchangeTestKit;

  beforeEach(() => {
    kit = createTokenExchangeTestKit();
    kit.directory.addOrganization(IDS.acme, 'acme');
    kit.addUser(IDS.alice, 'alice');
    kit.addUser(IDS.bob, 'bob');
    kit.addMember(IDS.acme, IDS.alice, 'admin');
    kit.addMember(IDS.acme, IDS.bob, 'read');
  });

  const exchangeToken = async (userId: string, role: 'admin' | 'read', scopes: string[]) =>
    (
      await kit.issuer.issue(kit.tx, {
        kind: 'exchange',
        userId,
        clientId: 'acme-app',
        scopes,
        orgIds: [IDS.acme],
        boundOrgId: IDS.acme,
        memberRole: role,
        ttlSeconds: 600,
        withRefreshToken: false,
        idToken: false,
      })
    ).access_token;

  it('lets an admin member write the bound organization’s repositories within the scopes', async () => {
    const token = await exchangeToken(IDS.alice, 'admin', ['write-repos']);
    expect(await kit.decisions.decide({ token, action: 'repo.write', resource: acmeRepo })).toEqual(
      {
        allow: true,
        reason: 'organization member (admin)',
        principal: {
          kind: 'exchange',
          userId: IDS.alice,
          clientId: 'acme-app',
          scopes: ['write-repos'],
          boundOrgId: IDS.acme,
          memberRole: 'admin',
          repo: null,
        },
      },
    );
  });

  it('never lets a read member write, whatever the scopes', async () => {
    const token = await exchangeToken(IDS.bob, 'read', ['write-repos', 'manage-repos']);
    expect(
      await kit.decisions.decide({ token, action: 'repo.write', resource: acmeRepo }),
    ).toMatchObject({
      allow: false,
      reason: 'organization role read does not allow repo.write',
    });
  });

  it('follows the membership of today: a demoted admin gets the lower role, a removed member nothing', async () => {
    const token = await exchangeToken(IDS.alice, 'admin', ['manage-repos']);
    kit.accounts.memberships.find((m) => m.userId === IDS.alice)!.role = 'read';
    expect(
      await kit.decisions.decide({ token, action: 'repo.delete', resource: acmeRepo }),
    ).toMatchObject({
      allow: false,
      reason: 'organization role read does not allow repo.delete',
      principal: { memberRole: 'read' },
    });
    kit.accounts.memberships.splice(0, kit.accounts.memberships.length);
    expect(
      await kit.decisions.decide({ token, action: 'repo.read', resource: acmeRepo }),
    ).toMatchObject({
      allow: false,
      reason: 'user is no longer a member of the bound organization',
    });
  });

  it('binds a trusted-publisher token to its repository', async () => {
    const { access_token: token } = await kit.issuer.issue(kit.tx, {
      kind: 'trusted_publisher',
      userId: null,
      clientId: null,
      scopes: [],
      orgIds: [],
      repo: { type: 'model', name: 'acme/bert' },
      ttlSeconds: 3600,
      withRefreshToken: false,
      idToken: false,
    });
    expect(
      await kit.decisions.decide({ token, action: 'repo.write', resource: acmeRepo }),
    ).toMatchObject({ allow: true });
    expect(
      await kit.decisions.decide({
        token,
        action: 'repo.write',
        resource: { ...acmeRepo, id: 'model/acme/other' },
      }),
    ).toMatchObject({ allow: false });
  });

  it('answers an inactive token with a refusal', async () => {
    expect(
      await kit.decisions.decide({
        token: 'hf_oauth_unknownTokenValue00000000000',
        action: 'repo.read',
        resource: acmeRepo,
      }),
    ).toEqual({
      allow: false,
      reason: 'token is not active',
      principal: null,
    });
  });
});
