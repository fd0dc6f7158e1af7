import { z } from 'zod';
import type { TokenPrincipal } from './principal';

const userAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  avatarUrl: z.string(),
  websiteUrl: z.string().nullable().optional(),
  isPro: z.boolean(),
  canPay: z.boolean(),
  periodEnd: z.number().nullable().optional(),
});

const orgMembershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  fullname: z.string(),
  avatarUrl: z.string(),
  plan: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  canPay: z.boolean(),
  periodEnd: z.number().nullable().optional(),
  roleInOrg: z.enum(['admin', 'write', 'contributor', 'read']),
});

/** A principal as kept in flow state: dates as epoch milliseconds. */
const snapshotSchema = z.object({
  tokenId: z.string(),
  kind: z.enum(['personal', 'oauth', 'exchange', 'trusted_publisher']),
  user: z
    .object({
      id: z.string(),
      username: z.string(),
      email: z.string(),
      fullname: z.string(),
      isPro: z.boolean(),
      avatarUrl: z.string().nullable(),
    })
    .nullable(),
  scopes: z.array(z.string()),
  role: z.enum(['read', 'write', 'fineGrained']).nullable(),
  fineGrained: z
    .object({
      global: z.array(z.string()),
      scoped: z.array(
        z.object({
          entity: z.object({
            type: z.enum(['user', 'org', 'model', 'dataset', 'space']),
            id: z.string(),
            name: z.string(),
          }),
          permissions: z.array(z.string()),
        }),
      ),
      canReadGatedRepos: z.boolean(),
    })
    // Absent from version 2 entries (no fine-grained tokens then), which stay readable.
    .nullable()
    .optional(),
  // Absent from version 3 entries (no organization token policies then), which stay readable.
  orgBlocks: z
    .record(z.string(), z.enum(['approval_pending', 'approval_denied', 'fine_grained_only']))
    .nullable()
    .optional(),
  // Absent from version 4 entries (no two-factor requirement then), which stay readable.
  twoFactorMissing: z.record(z.string(), z.string()).nullable().optional(),
  clientId: z.string().nullable(),
  grantedOrgIds: z.array(z.string()),
  boundOrgId: z.string().nullable(),
  memberRole: z.enum(['admin', 'write', 'contributor', 'read']).nullable(),
  repo: z.object({ type: z.string(), name: z.string() }).nullable(),
  displayName: z.string().nullable(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  account: z
    .object({ user: userAccountSchema, memberships: z.array(orgMembershipSchema) })
    .nullable(),
  appName: z.string().nullable(),
});

type Snapshot = z.output<typeof snapshotSchema>;

/**
 * The snapshot's version, written first in every value this release encodes. A value that starts
 * with it was written by this code from a `TokenPrincipal`, so it is read without the schema check;
 * any other value (a stale marker, an older or newer release's entry) is checked against the
 * schema. Bump it with any change to the snapshot's fields. The version sits in the value, not in
 * the key, so every release reads and marks the same key and a revocation made by any of them
 * still reaches the others during a rolling deploy.
 */
const SNAPSHOT_VERSION = 5;
const VERSION_TAG = `{"v":${SNAPSHOT_VERSION},`;

/** What a revoked token's key holds until its principal could no longer be written back. */
export const STALE_PRINCIPAL = '{"stale":true}';

export function encodePrincipal(principal: TokenPrincipal): string {
  const snapshot: { v: number } & z.input<typeof snapshotSchema> = {
    v: SNAPSHOT_VERSION,
    tokenId: principal.tokenId,
    kind: principal.kind,
    user: principal.user,
    scopes: principal.scopes,
    role: principal.role,
    fineGrained: principal.fineGrained ?? null,
    orgBlocks: principal.orgBlocks ?? null,
    twoFactorMissing: principal.twoFactorMissing ?? null,
    clientId: principal.clientId,
    grantedOrgIds: principal.grantedOrgIds,
    boundOrgId: principal.boundOrgId,
    memberRole: principal.memberRole,
    repo: principal.repo,
    displayName: principal.displayName,
    createdAt: principal.createdAt.getTime(),
    expiresAt: principal.expiresAt ? principal.expiresAt.getTime() : null,
    account: principal.account ?? null,
    appName: principal.appName ?? null,
  };
  return JSON.stringify(snapshot);
}

/**
 * The principal of a cached value; null for the stale marker and for anything that does not fit
 * the schema (written by another release): the caller then reads the token from the database.
 */
export function decodePrincipal(raw: string): TokenPrincipal | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  if (raw.startsWith(VERSION_TAG)) return principalOf(json as Snapshot);
  const parsed = snapshotSchema.safeParse(json);
  return parsed.success ? principalOf(parsed.data) : null;
}

function principalOf(snapshot: Snapshot): TokenPrincipal {
  const principal: TokenPrincipal = {
    tokenId: snapshot.tokenId,
    kind: snapshot.kind,
    user: snapshot.user,
    scopes: snapshot.scopes,
    role: snapshot.role,
    clientId: snapshot.clientId,
    grantedOrgIds: snapshot.grantedOrgIds,
    boundOrgId: snapshot.boundOrgId,
    memberRole: snapshot.memberRole,
    repo: snapshot.repo,
    displayName: snapshot.displayName,
    createdAt: new Date(snapshot.createdAt),
    expiresAt: snapshot.expiresAt === null ? null : new Date(snapshot.expiresAt),
    appName: snapshot.appName,
  };
  if (snapshot.account) principal.account = snapshot.account;
  if (snapshot.fineGrained)
    principal.fineGrained = snapshot.fineGrained as TokenPrincipal['fineGrained'];
  if (snapshot.orgBlocks) principal.orgBlocks = snapshot.orgBlocks;
  if (snapshot.twoFactorMissing) principal.twoFactorMissing = snapshot.twoFactorMissing;
  return principal;
}
