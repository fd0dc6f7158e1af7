import type { Principal } from '@gatehouse/identity';

export const ALICE_ID = 'a11ce0000000000000000001';
export const BOB_ID = 'b0b000000000000000000002';

const USERS: Record<string, NonNullable<Principal['user']>> = {
  [ALICE_ID]: {
    id: ALICE_ID,
    username: 'alice',
    email: 'alice@example.com',
    fullname: 'Alice',
    isPro: false,
    avatarUrl: null,
  },
  [BOB_ID]: {
    id: BOB_ID,
    username: 'bob',
    email: 'bob@example.com',
    fullname: 'Bob',
    isPro: false,
    avatarUrl: null,
  },
};

export function personalPrincipal(userId = ALICE_ID, role: 'read' | 'write' = 'write'): Principal {
  return {
    tokenId: `pat-${userId}`,
    kind: 'personal',
    user: USERS[userId]!,
    scopes: [],
    role,
    clientId: null,
    grantedOrgIds: [],
    boundOrgId: null,
    memberRole: null,
    repo: null,
    displayName: 'test',
    createdAt: new Date(0),
    expiresAt: null,
  };
}

export function principalOfKind(
  kind: Principal['kind'],
  userId: string | null = ALICE_ID,
): Principal {
  return {
    ...personalPrincipal(),
    kind,
    user: userId ? USERS[userId]! : null,
    scopes: ['webhooks'],
    role: null,
    clientId: kind === 'personal' ? null : 'app',
  };
}
