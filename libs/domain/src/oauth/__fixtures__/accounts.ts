import { OrgMembership, UserAccount } from '../account';

/** Test data shared by the claim, userinfo and whoami specs (no production use). */
export const PUBLIC_URL = 'https://hub.example.com';

export const ada: UserAccount = {
  id: '654b784001020304050607ff',
  username: 'ada',
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  avatarUrl: '/avatars/ada.svg',
  websiteUrl: 'https://ada.example.com',
  isPro: true,
  canPay: true,
  periodEnd: 1767225600,
};

export const acme: OrgMembership = {
  id: '654b7840aaaaaaaaaaaaaaaa',
  name: 'acme',
  fullname: 'Acme Corp',
  avatarUrl: 'https://cdn.example.com/acme.png',
  plan: 'enterprise',
  email: 'billing@acme.example.com',
  canPay: true,
  periodEnd: 1767225600,
  roleInOrg: 'admin',
};

export const labs: OrgMembership = {
  id: '654b7840bbbbbbbbbbbbbbbb',
  name: 'labs',
  fullname: 'Labs',
  avatarUrl: '/avatars/labs.svg',
  plan: null,
  email: null,
  canPay: false,
  roleInOrg: 'read',
};
