import { OrgMembership, OrgRole, UserAccount } from './account';
import { formatScope } from './scopes';
import { serviceAccountOrganization } from './service-account-name';
import type { EntityType, FineGrainedGrant, Permission } from './token-permissions';

/** The token a whoami-v2 call was made with. */
export type WhoamiToken =
  | {
      kind: 'personal';
      displayName: string;
      role: 'read' | 'write' | 'fineGrained';
      /** Role `fineGrained`: what the token may do. */
      fineGrained?: FineGrainedGrant | null;
      createdAtMs: number;
      expiresAtMs?: number | null;
    }
  | {
      /** An OAuth access token: sign-in, device flow, or token exchange (`boundOrgId` set). */
      kind: 'oauth';
      clientId: string;
      appName: string;
      scopes: readonly string[];
      grantedOrgIds: readonly string[];
      boundOrgId?: string | null;
      createdAtMs: number;
      expiresAtMs: number;
    };

interface WhoamiOrg {
  type: 'org';
  id: string;
  name: string;
  fullname: string;
  email: string | null;
  canPay: boolean;
  avatarUrl: string;
  periodEnd: number | null;
  roleInOrg?: OrgRole;
}

/** `auth.accessToken.fineGrained` in the Hub's shape (docs/hf-clients.md "Token prefixes and whoami-v2"). */
interface WhoamiFineGrained {
  canReadGatedRepos: boolean;
  global: Permission[];
  scoped: Array<{
    entity: { _id: string; type: EntityType; name: string };
    permissions: Permission[];
  }>;
}

type WhoamiAuth =
  | {
      type: 'access_token';
      accessToken: {
        displayName: string;
        role: 'read' | 'write' | 'fineGrained';
        createdAt: string;
        /** huggingface.js reads it as a date. */
        expiration?: string;
        fineGrained?: WhoamiFineGrained;
      };
      expiresAt?: string;
    }
  | {
      type: 'oauth';
      /** No displayName: huggingface_hub then names the stored token `oauth-<username>`. */
      accessToken: { role: 'read' | 'write'; createdAt: string };
      expiresAt: string;
      oauth: {
        clientId: string;
        appName: string;
        scope: string;
        organizations: string[];
        boundOrganization?: { id: string; role: OrgRole | null };
      };
    };

export interface Whoami {
  type: 'user';
  id: string;
  name: string;
  fullname: string;
  email?: string;
  emailVerified?: boolean;
  isPro: boolean;
  canPay: boolean;
  avatarUrl: string;
  periodEnd: number | null;
  orgs: WhoamiOrg[];
  auth: WhoamiAuth;
  /** Present for an organization's service account only; clients that do not know it ignore it. */
  serviceAccount?: { organization: string };
}

/** Scopes that let a token change something: an OAuth token holding one reports role `write`. */
const WRITING_SCOPES = [
  'write-repos',
  'manage-repos',
  'contribute-repos',
  'write-collections',
  'write-endpoints',
  'write-discussions',
  'jobs',
  'webhooks',
];

/**
 * `GET /api/whoami-v2` (docs/hf-clients.md "Token prefixes and whoami-v2"). A personal token sees the whole account:
 * e-mail, billing, every organization with its role. An OAuth token sees what its scopes allow,
 * as userinfo does: `email`/`emailVerified` only with `email` (left out otherwise), `canPay`
 * false without `read-billing`, only the granted organizations (for a token-exchange token, the
 * bound one), `roleInOrg` only with `read-memberships`. `avatarUrl` stays as stored (relative
 * `/avatars/...` is what the Hub answers). For OAuth tokens `auth.type` is `oauth` and
 * `auth.accessToken.role` is a coarse `write` or `read` (from the scopes, and `read` for a
 * token-exchange token of a `read` member), so clients that only log the role keep working.
 */
export function buildWhoami(input: {
  user: UserAccount;
  memberships: readonly OrgMembership[];
  token: WhoamiToken;
}): Whoami {
  const { user, token } = input;
  const personal = token.kind === 'personal';
  const scopes = personal ? [] : token.scopes;
  const owner = serviceAccountOrganization(user.username);
  // A service account's address is a placeholder that receives no mail: never shown.
  const seesEmail = (personal || scopes.includes('email')) && owner === null;
  const seesBilling = personal || scopes.includes('read-billing');
  const seesRoles = personal || scopes.includes('read-memberships');
  const visibleOrgIds = personal
    ? null
    : token.boundOrgId
      ? [token.boundOrgId]
      : token.grantedOrgIds;

  const orgs = input.memberships
    .filter((org) => visibleOrgIds === null || visibleOrgIds.includes(org.id))
    .map((org): WhoamiOrg => ({
      type: 'org',
      id: org.id,
      name: org.name,
      fullname: org.fullname,
      email: org.email ?? null,
      canPay: seesBilling && org.canPay,
      avatarUrl: org.avatarUrl,
      periodEnd: org.periodEnd ?? null,
      ...(seesRoles ? { roleInOrg: org.roleInOrg } : {}),
    }));

  return {
    type: 'user',
    id: user.id,
    name: user.username,
    fullname: user.fullname,
    ...(seesEmail && user.email !== null
      ? { email: user.email, emailVerified: user.emailVerified }
      : {}),
    isPro: user.isPro,
    canPay: seesBilling && user.canPay,
    avatarUrl: user.avatarUrl,
    periodEnd: user.periodEnd ?? null,
    orgs,
    auth:
      token.kind === 'personal'
        ? personalAuth(token, input.memberships)
        : oauthAuth(token, input.memberships),
    ...(owner !== null ? { serviceAccount: { organization: owner } } : {}),
  };
}

function personalAuth(
  token: Extract<WhoamiToken, { kind: 'personal' }>,
  memberships: readonly OrgMembership[],
): WhoamiAuth {
  const expiry = token.expiresAtMs ? iso(token.expiresAtMs) : null;
  return {
    type: 'access_token',
    accessToken: {
      displayName: token.displayName,
      role: token.role,
      createdAt: iso(token.createdAtMs),
      ...(expiry ? { expiration: expiry } : {}),
      ...(token.role === 'fineGrained' && token.fineGrained
        ? { fineGrained: whoamiFineGrained(token.fineGrained, memberships) }
        : {}),
    },
    ...(expiry ? { expiresAt: expiry } : {}),
  };
}

/** An organization entry shows the organization's current name when the owner still belongs to it. */
function whoamiFineGrained(
  grant: FineGrainedGrant,
  memberships: readonly OrgMembership[],
): WhoamiFineGrained {
  return {
    canReadGatedRepos: grant.canReadGatedRepos,
    global: [...grant.global],
    scoped: grant.scoped.map(({ entity, permissions }) => ({
      entity: {
        _id: entity.id,
        type: entity.type,
        name:
          entity.type === 'org'
            ? (memberships.find((org) => org.id === entity.id)?.name ?? entity.name)
            : entity.name,
      },
      permissions: [...permissions],
    })),
  };
}

function oauthAuth(
  token: Extract<WhoamiToken, { kind: 'oauth' }>,
  memberships: readonly OrgMembership[],
): WhoamiAuth {
  const boundRole = token.boundOrgId
    ? (memberships.find((org) => org.id === token.boundOrgId)?.roleInOrg ?? null)
    : undefined;
  const writes =
    token.scopes.some((scope) => WRITING_SCOPES.includes(scope)) && boundRole !== 'read';
  return {
    type: 'oauth',
    accessToken: { role: writes ? 'write' : 'read', createdAt: iso(token.createdAtMs) },
    expiresAt: iso(token.expiresAtMs),
    oauth: {
      clientId: token.clientId,
      appName: token.appName,
      scope: formatScope(token.scopes),
      organizations: token.boundOrgId ? [token.boundOrgId] : [...token.grantedOrgIds],
      ...(token.boundOrgId
        ? { boundOrganization: { id: token.boundOrgId, role: boundRole ?? null } }
        : {}),
    },
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
