import type { PersonalTokenApprovalView } from './organization-tokens';
/** `read` and `write` act with the user's rights (read-only or not); `fineGrained` with its permissions only. */
export type PersonalTokenRole = 'read' | 'write' | 'fineGrained';

/** What a fine-grained entry names (docs/oauth.md "Fine-grained tokens"). */
export type TokenEntityType = 'user' | 'org' | 'model' | 'dataset' | 'space';

/**
 * A fine-grained token's permissions, in the shape whoami-v2 answers (`auth.accessToken.fineGrained`):
 * `global` on the owner's own account, each scoped entry on its entity. Permission names are the
 * Hub's (`repo.content.read`, `repo.write`, `user.webhooks.write`, …; the list is in docs/oauth.md).
 */
export interface FineGrainedPermissions {
  global: string[];
  scoped: Array<{
    entity: { _id: string; type: TokenEntityType; name: string };
    permissions: string[];
  }>;
  canReadGatedRepos: boolean;
}

/** A personal access token as `GET /api/settings/tokens` lists it: never its value. */
export interface PersonalTokenView {
  id: string;
  name: string;
  role: PersonalTokenRole;
  /** Role `fineGrained` only; null otherwise. */
  fineGrained: FineGrainedPermissions | null;
  /** `hf_…abcd`, to tell tokens apart; null for tokens created before previews were kept. */
  preview: string | null;
  createdAt: string;
  /** Null: the token does not expire. */
  expiresAt: string | null;
  expired: boolean;
  lastUsedAt: string | null;
  /** Where it was last used, coarsely: an anonymised address prefix and the client's family. */
  lastUsedFrom: { address: string | null; client: string | null } | null;
  /**
   * Organizations whose administrators must approve, have approved or have denied this token
   * (docs/settings-api.md "Organization tokens"); empty when none has a say.
   */
  approvals: PersonalTokenApprovalView[];
}

/** The answer to a creation or a refresh: the only time the clear token is ever shown. */
export interface CreatedPersonalToken extends PersonalTokenView {
  token: string;
}

/** A fine-grained grant as sent: entities by type and name (an `_id` sent back is ignored). */
export interface FineGrainedPermissionsBody {
  global?: string[];
  scoped?: Array<{
    entity: { type: TokenEntityType; name: string; _id?: string };
    permissions: string[];
  }>;
  canReadGatedRepos?: boolean;
}

/** `POST /api/settings/tokens`. */
export interface CreatePersonalTokenBody {
  name: string;
  role: PersonalTokenRole;
  /** Required with role `fineGrained`, refused otherwise. */
  fineGrained?: FineGrainedPermissionsBody;
  /** 7, 30 or 90; or `expiresAt`; neither: the token does not expire. */
  expiresInDays?: 7 | 30 | 90 | null;
  expiresAt?: string | null;
}

/** `PATCH /api/settings/tokens/{id}`: what changes; `fineGrained` replaces the whole grant. */
export interface UpdatePersonalTokenBody {
  name?: string;
  fineGrained?: FineGrainedPermissionsBody;
}
