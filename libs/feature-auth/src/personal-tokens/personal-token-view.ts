import type { PersonalTokenRecord } from '@gatehouse/identity';
import type { PersonalTokenView } from '@gatehouse/settings-api';

/** A stored token as the settings API shows it, never its value; `nowMs` decides `expired`. */
export function personalTokenViewOf(row: PersonalTokenRecord, nowMs: number): PersonalTokenView {
  const used = row.lastUsedAddress !== null || row.lastUsedClient !== null;
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    fineGrained: row.fineGrained
      ? {
          global: [...row.fineGrained.global],
          scoped: row.fineGrained.scoped.map(({ entity, permissions }) => ({
            entity: { _id: entity.id, type: entity.type, name: entity.name },
            permissions: [...permissions],
          })),
          canReadGatedRepos: row.fineGrained.canReadGatedRepos,
        }
      : null,
    preview: row.preview,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= nowMs,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    lastUsedFrom: used ? { address: row.lastUsedAddress, client: row.lastUsedClient } : null,
  };
}
