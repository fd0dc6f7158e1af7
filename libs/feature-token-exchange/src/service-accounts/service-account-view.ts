import { serviceAccountName } from '@gatehouse/domain';
import type { ServiceAccountTokenView, ServiceAccountView } from '@gatehouse/settings-api';
import type {
  ServiceAccountRecord,
  ServiceAccountTokenRecord,
} from './ports/service-account-records';

/** The account as its organization's administrators see it. */
export function serviceAccountViewOf(account: ServiceAccountRecord): ServiceAccountView {
  return {
    id: account.id,
    name: serviceAccountName(account.username),
    username: account.username,
    displayName: account.displayName,
    role: 'write',
    createdAt: account.createdAt.toISOString(),
  };
}

/** A token without its value; `nowMs` decides `expired`. */
export function serviceAccountTokenViewOf(
  token: ServiceAccountTokenRecord,
  nowMs: number,
): ServiceAccountTokenView {
  const grant = token.fineGrained ?? { global: [], scoped: [], canReadGatedRepos: false };
  return {
    id: token.id,
    name: token.name,
    fineGrained: {
      global: [...grant.global],
      scoped: grant.scoped.map(({ entity, permissions }) => ({
        entity: { _id: entity.id, type: entity.type, name: entity.name },
        permissions: [...permissions],
      })),
      canReadGatedRepos: grant.canReadGatedRepos,
    },
    preview: token.preview,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt ? token.expiresAt.toISOString() : null,
    expired: token.expiresAt !== null && token.expiresAt.getTime() <= nowMs,
    lastUsedAt: token.lastUsedAt ? token.lastUsedAt.toISOString() : null,
  };
}
