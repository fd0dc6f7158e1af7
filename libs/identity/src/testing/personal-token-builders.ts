import { hashToken } from '@gatehouse/crypto';
import { type FineGrainedGrant, maskedTokenPreview } from '@gatehouse/domain';
import type { PersonalTokenRecord } from '../tokens/ports/token-records';

const DEFAULT_TOKEN = `hf_${'T'.repeat(34)}`;

/**
 * A stored personal token: a `read` token named `laptop` of user `65a000000000000000000001`,
 * created 2026-01-01, never used, not expiring, with the hash and preview of `token` (a fixed
 * value unless given). Give only what the test is about.
 */
export function aPersonalTokenRecord(
  overrides: Partial<PersonalTokenRecord> & { token?: string } = {},
): PersonalTokenRecord {
  const { token = DEFAULT_TOKEN, ...fields } = overrides;
  return {
    id: '65a0000000000000000000a1',
    tokenHash: hashToken(token),
    userId: '65a000000000000000000001',
    name: 'laptop',
    role: 'read',
    fineGrained: null,
    expiresAt: null,
    preview: maskedTokenPreview(token),
    lastUsedAt: null,
    lastUsedAddress: null,
    lastUsedClient: null,
    createdAt: new Date(Date.UTC(2026, 0, 1)),
    revokedAt: null,
    ...fields,
  };
}

/** A fine-grained grant: nothing granted unless given. */
export function aFineGrainedGrant(overrides: Partial<FineGrainedGrant> = {}): FineGrainedGrant {
  return { global: [], scoped: [], canReadGatedRepos: false, ...overrides };
}
