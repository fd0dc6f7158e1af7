import type { PolicyResource } from '@gatehouse/domain/testing';
import {
  aFineGrainedGrant,
  aPersonalTokenRecord,
  PrincipalInvalidator,
} from '@gatehouse/identity/testing';
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
          role: null,
          fineGrained: null,
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
    // What every change of a membership does once it committed (the admin API's).
    const membershipChanged = () =>
      new PrincipalInvalidator(kit.bearerTokens, kit.principals).accountChanged(IDS.alice);
    kit.accounts.memberships.find((m) => m.userId === IDS.alice)!.role = 'read';
    await membershipChanged();
    expect(
      await kit.decisions.decide({ token, action: 'repo.delete', resource: acmeRepo }),
    ).toMatchObject({
      allow: false,
      reason: 'organization role read does not allow repo.delete',
      principal: { memberRole: 'read' },
    });
    kit.accounts.memberships.splice(0, kit.accounts.memberships.length);
    await membershipChanged();
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

  describe('a fine-grained token scoped to one organization', () => {
    const TOKEN = `hf_${'F'.repeat(34)}`;
    const grant = aFineGrainedGrant({
      scoped: [
        {
          entity: { type: 'org', id: IDS.acme, name: 'acme' },
          permissions: ['repo.write', 'org.read'],
        },
      ],
    });

    beforeEach(() => {
      kit.directory.addOrganization(IDS.other, 'other');
      kit.addMember(IDS.other, IDS.alice, 'admin');
      kit.tokens.personalTokens.push(
        aPersonalTokenRecord({
          token: TOKEN,
          userId: IDS.alice,
          role: 'fineGrained',
          fineGrained: grant,
        }),
      );
    });

    it('is answered by action and by permission alike, with its grant', async () => {
      const byAction = await kit.decisions.decide({
        token: TOKEN,
        action: 'repo.write',
        resource: acmeRepo,
      });
      const byPermission = await kit.decisions.decide({
        token: TOKEN,
        permission: 'repo.write',
        resource: acmeRepo,
      });
      expect(byAction).toEqual(byPermission);
      expect(byAction).toEqual({
        allow: true,
        reason: 'organization member (admin), permission repo.write',
        principal: {
          kind: 'personal',
          userId: IDS.alice,
          clientId: null,
          scopes: [],
          role: 'fineGrained',
          fineGrained: grant,
          boundOrgId: null,
          memberRole: null,
          repo: null,
        },
      });
    });

    it('gets nothing elsewhere, though its owner administers the other organization', async () => {
      const otherRepo = { ...acmeRepo, id: 'model/other/bert', ownerId: IDS.other };
      expect(
        await kit.decisions.decide({
          token: TOKEN,
          permission: 'repo.content.read',
          resource: otherRepo,
        }),
      ).toMatchObject({ allow: false, reason: 'missing permission repo.content.read' });
      expect(
        await kit.decisions.decide({
          token: TOKEN,
          permission: 'repo.content.read',
          resource: { ...acmeRepo, ownerType: 'user', ownerId: IDS.alice, id: 'model/alice/x' },
        }),
      ).toMatchObject({ allow: false });
    });

    it('follows the owner’s role of today: demoted to read, it no longer writes', async () => {
      kit.accounts.memberships.find(
        (m) => m.userId === IDS.alice && m.organization.id === IDS.acme,
      )!.role = 'read';
      expect(
        await kit.decisions.decide({ token: TOKEN, permission: 'repo.write', resource: acmeRepo }),
      ).toMatchObject({ allow: false, reason: 'organization role read does not allow repo.write' });
    });
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
