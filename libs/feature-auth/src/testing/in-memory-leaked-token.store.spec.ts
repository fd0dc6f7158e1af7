import { createIdentityTestKit, aPersonalTokenRecord } from '@gatehouse/identity/testing';
import {
  CONTRACT_NOW,
  describeLeakedCredentialStoresContract,
  type StoredToken,
} from '../leaked-credentials/ports/leaked-token.store.contract';
import { InMemoryLeakedTokenNoticeStore } from './in-memory-leaked-token-notice.store';
import { InMemoryLeakedTokenStore } from './in-memory-leaked-token.store';

const HOUR = 3600 * 1000;
const expiresAt = (token: StoredToken) =>
  new Date(CONTRACT_NOW.getTime() + (token.expired ? -HOUR : HOUR));
const revokedAt = (token: StoredToken) => (token.revoked ? CONTRACT_NOW : null);

describeLeakedCredentialStoresContract('InMemoryLeakedTokenStore', async () => {
  const kit = createIdentityTestKit({ nowMs: CONTRACT_NOW.getTime() });
  const appNames = new Map<string, string>();
  return {
    tokens: new InMemoryLeakedTokenStore(kit.tokens, appNames),
    notices: new InMemoryLeakedTokenNoticeStore(),
    transactions: kit.transactions,
    addUser: async () => undefined,
    addApp: async (clientId, name) => {
      appNames.set(clientId, name);
    },
    addPersonalToken: async (token) => {
      kit.tokens.personalTokens.push(
        aPersonalTokenRecord({
          id: token.id,
          tokenHash: token.tokenHash,
          userId: token.userId!,
          name: token.name ?? 'token',
          createdAt: CONTRACT_NOW,
          revokedAt: revokedAt(token),
        }),
      );
    },
    addAccessToken: async (token) => {
      kit.tokens.insertAccessToken({
        id: token.id,
        tokenHash: token.tokenHash,
        kind: token.userId === null ? 'trusted_publisher' : 'oauth',
        userId: token.userId,
        clientId: token.clientId ?? null,
        scopes: [],
        orgIds: [],
        boundOrgId: null,
        role: null,
        repo: null,
        refreshFamilyId: null,
        authTime: null,
        expiresAt: expiresAt(token),
        revokedAt: revokedAt(token),
        createdAt: CONTRACT_NOW,
      });
    },
    addRefreshToken: async (token) => {
      kit.tokens.insertRefreshToken({
        id: token.id,
        tokenHash: token.tokenHash,
        familyId: token.familyId!,
        clientId: token.clientId!,
        userId: token.userId!,
        scopes: [],
        orgIds: [],
        authTime: CONTRACT_NOW,
        expiresAt: expiresAt(token),
        usedAt: token.used ? CONTRACT_NOW : null,
        revokedAt: revokedAt(token),
        createdAt: CONTRACT_NOW,
      });
    },
  };
});
