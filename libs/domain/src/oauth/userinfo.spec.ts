import { PUBLIC_URL, acme, ada, labs } from './__fixtures__/accounts';
import { buildUserinfo } from './userinfo';

const base = { publicUrl: PUBLIC_URL, user: ada, memberships: [acme, labs] };

describe('buildUserinfo', () => {
  it('answers the full shape with every scope', () => {
    const orgs = [
      {
        sub: acme.id,
        name: 'Acme Corp',
        preferred_username: 'acme',
        picture: 'https://cdn.example.com/acme.png',
        plan: 'enterprise',
        roleInOrg: 'admin',
        canPay: true,
      },
      {
        sub: labs.id,
        name: 'Labs',
        preferred_username: 'labs',
        picture: 'https://hub.example.com/avatars/labs.svg',
        roleInOrg: 'read',
        canPay: false,
      },
    ];
    expect(
      buildUserinfo({
        ...base,
        scopes: ['openid', 'profile', 'email', 'read-billing', 'read-memberships'],
        grantedOrgIds: [labs.id, acme.id],
      }),
    ).toEqual({
      sub: ada.id,
      name: 'Ada Lovelace',
      preferred_username: 'ada',
      picture: 'https://hub.example.com/avatars/ada.svg',
      profile: 'https://hub.example.com/ada',
      website: 'https://ada.example.com',
      email: 'ada@example.com',
      email_verified: true,
      isPro: true,
      canPay: true,
      orgs,
      organizations: orgs,
    });
  });

  it('shows only sub, isPro and empty organization lists with openid alone', () => {
    expect(buildUserinfo({ ...base, scopes: ['openid'], grantedOrgIds: [] })).toEqual({
      sub: ada.id,
      isPro: true,
      orgs: [],
      organizations: [],
    });
  });

  it('shows only granted organizations, without role or canPay unless scoped', () => {
    const info = buildUserinfo({
      ...base,
      scopes: ['openid', 'profile'],
      grantedOrgIds: [acme.id, 'not-a-member'],
    });
    const expected = [
      {
        sub: acme.id,
        name: 'Acme Corp',
        preferred_username: 'acme',
        picture: 'https://cdn.example.com/acme.png',
        plan: 'enterprise',
      },
    ];
    expect(info.orgs).toEqual(expected);
    expect(info.organizations).toEqual(expected);
    expect(info).not.toHaveProperty('canPay');
    expect(info).not.toHaveProperty('email');
    expect(info.isPro).toBe(true);
  });

  it('shows isPro false for a free user', () => {
    expect(
      buildUserinfo({
        ...base,
        user: { ...ada, isPro: false },
        scopes: ['openid'],
        grantedOrgIds: [],
      }).isPro,
    ).toBe(false);
  });
});
