import { OAuthError } from '@gatehouse/domain';
import {
  aPersonalTokenRecord,
  createIdentityTestKit,
  IdentityTestKit,
} from '@gatehouse/identity/testing';
import { UserinfoService } from './userinfo.service';

const USER_ID = '65a000000000000000000001';
const ACME = '65a0000000000000000000f1';
const BETA = '65a0000000000000000000f2';
const PERSONAL = `hf_${'P'.repeat(34)}`;

describe('UserinfoService', () => {
  let kit: IdentityTestKit;
  let service: UserinfoService;

  beforeEach(() => {
    kit = createIdentityTestKit({ publicUrl: 'https://hub.example' });
    kit.accounts.addUser({
      id: USER_ID,
      username: 'ada',
      fullname: 'Ada Lovelace',
      isPro: true,
      avatarUrl: '/avatars/ada.png',
    });
    kit.accounts.addMembership(USER_ID, { id: ACME, name: 'acme', plan: 'enterprise' }, 'admin');
    kit.accounts.addMembership(USER_ID, { id: BETA, name: 'beta' }, 'read');
    service = new UserinfoService(kit.bearer, kit.accounts, kit.identityOptions);
  });

  const tokenWith = async (scopes: string[]) =>
    (
      await kit.issuer.issue(kit.tx, {
        kind: 'oauth',
        userId: USER_ID,
        clientId: 'app',
        scopes,
        orgIds: [ACME],
        ttlSeconds: 3600,
        withRefreshToken: false,
        idToken: false,
      })
    ).access_token;

  it('answers the profile claims, isPro and the granted organizations as orgs and organizations', async () => {
    const acme = {
      sub: ACME,
      name: 'ACME',
      preferred_username: 'acme',
      picture: 'https://hub.example/avatars/default.svg',
      plan: 'enterprise',
    };
    expect(await service.userinfo(await tokenWith(['openid', 'profile']))).toEqual({
      sub: USER_ID,
      name: 'Ada Lovelace',
      preferred_username: 'ada',
      picture: 'https://hub.example/avatars/ada.png',
      profile: 'https://hub.example/ada',
      isPro: true,
      orgs: [acme],
      organizations: [acme],
    });
  });

  it('adds email with email, canPay with read-billing, roleInOrg with read-memberships', async () => {
    const info = await service.userinfo(
      await tokenWith(['openid', 'email', 'read-billing', 'read-memberships']),
    );
    expect(info).toMatchObject({
      sub: USER_ID,
      email: 'ada@example.com',
      email_verified: true,
      isPro: true,
      canPay: true,
    });
    expect(info.name).toBeUndefined();
    expect(info.orgs).toEqual([
      expect.objectContaining({ sub: ACME, roleInOrg: 'admin', canPay: true }),
    ]);
  });

  it('leaves email, canPay and roles out without their scopes', async () => {
    const info = await service.userinfo(await tokenWith(['openid']));
    expect(info).toEqual({
      sub: USER_ID,
      isPro: true,
      orgs: [expect.objectContaining({ sub: ACME })],
      organizations: [expect.objectContaining({ sub: ACME })],
    });
    expect(info.orgs[0]).not.toHaveProperty('roleInOrg');
  });

  it.each([
    ['no token', null, 'An access token is required'],
    [
      'an unknown token',
      `hf_oauth_${'x'.repeat(40)}`,
      'The access token is invalid, expired or revoked',
    ],
    ['a personal token', PERSONAL, 'The access token is invalid, expired or revoked'],
  ])('answers invalid_token for %s', async (_case, token, description) => {
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: 'p',
        token: PERSONAL,
        userId: USER_ID,
        name: 'n',
        role: 'write',
        createdAt: new Date(),
      }),
    );
    const error = await service.userinfo(token).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OAuthError);
    expect([(error as OAuthError).code, (error as OAuthError).description]).toEqual([
      'invalid_token',
      description,
    ]);
  });
});
