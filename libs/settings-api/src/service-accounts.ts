import type { FineGrainedPermissions, FineGrainedPermissionsBody } from './personal-tokens';

/** An organization's service account (`GET /api/organizations/{name}/settings/service-accounts`). */
export interface ServiceAccountView {
  id: string;
  /** The name given at creation, unique in the organization. */
  name: string;
  /** `<organization>+<name>`: the `name` whoami-v2 answers for its tokens. */
  username: string;
  displayName: string;
  /** Its role in the organization: the ceiling of every token it holds. */
  role: 'write';
  createdAt: string;
}

/** A service account's token, never its value. */
export interface ServiceAccountTokenView {
  id: string;
  name: string;
  /** Entries on the organization or its repositories only; `global` is always empty. */
  fineGrained: FineGrainedPermissions;
  /** `hf_…abcd`, to tell tokens apart. */
  preview: string | null;
  createdAt: string;
  /** Null: the token does not expire. */
  expiresAt: string | null;
  expired: boolean;
  lastUsedAt: string | null;
}

/** `GET …/service-accounts/{id}`: the account and its live tokens. */
export interface ServiceAccountDetail extends ServiceAccountView {
  tokens: ServiceAccountTokenView[];
}

/** The answer to a token's creation or rotation: the only time its value is ever shown. */
export interface CreatedServiceAccountToken extends ServiceAccountTokenView {
  token: string;
}

/** `POST …/service-accounts`. */
export interface CreateServiceAccountBody {
  /** Letters, digits, `.`, `_` and `-`, starting with a letter or digit; at most 64. */
  name: string;
  /** Defaults to the name. */
  displayName?: string;
}

/** `PATCH …/service-accounts/{id}`. */
export interface UpdateServiceAccountBody {
  displayName: string;
}

/**
 * `POST …/service-accounts/{id}/tokens`: permissions on the organization (`{type: "org", name:
 * "<org>"}`) or on its repositories (`{type: "model", name: "<org>/<repo>"}`), no `global`.
 */
export interface CreateServiceAccountTokenBody {
  name: string;
  fineGrained: FineGrainedPermissionsBody;
  /** 7, 30 or 90; or `expiresAt`; neither: the token does not expire. */
  expiresInDays?: 7 | 30 | 90 | null;
  expiresAt?: string | null;
}
