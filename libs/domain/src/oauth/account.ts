/** Roles of an organization membership (architecture: accounts), lowest first. */
export const ORG_ROLES = ['read', 'contributor', 'write', 'admin'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** An organization's plan. */
export type OrganizationPlan = 'free' | 'team' | 'enterprise';

/** True when `role` is `minimum` or above it (read < contributor < write < admin). */
export function orgRoleAtLeast(role: OrgRole | null | undefined, minimum: OrgRole): boolean {
  return (
    role !== null && role !== undefined && ORG_ROLES.indexOf(role) >= ORG_ROLES.indexOf(minimum)
  );
}

/** A user as the claim, userinfo and whoami builders need it. Plain data, loaded by the caller. */
export interface UserAccount {
  id: string;
  username: string;
  fullname: string;
  email: string | null;
  emailVerified: boolean;
  /** Absolute, or relative to the public URL (`/avatars/...`). */
  avatarUrl: string;
  websiteUrl?: string | null;
  isPro: boolean;
  /** Whether a payment method is set up (read-billing). */
  canPay: boolean;
  /** End of the paid period, unix seconds, when any. */
  periodEnd?: number | null;
}

/** An organization the user belongs to, with the user's role in it. */
export interface OrgMembership {
  id: string;
  /** The organization's handle (`preferred_username`). */
  name: string;
  fullname: string;
  avatarUrl: string;
  plan?: string | null;
  email?: string | null;
  canPay: boolean;
  periodEnd?: number | null;
  roleInOrg: OrgRole;
}

/** `pathOrUrl` made absolute against the public URL; absolute http(s) URLs are kept. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = publicUrl.replace(/\/+$/, '');
  return pathOrUrl.startsWith('/') ? base + pathOrUrl : `${base}/${pathOrUrl}`;
}

/** The OIDC `profile` claim: `<public_url>/<username>` (docs/hf-clients.md "OAuth and OpenID Connect"). */
export function profileUrl(publicUrl: string, username: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${encodeURIComponent(username)}`;
}
