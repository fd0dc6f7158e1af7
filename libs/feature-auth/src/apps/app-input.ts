import {
  isKnownScope,
  isLoopbackRedirectUri,
  MAX_TOKEN_DURATION_SECONDS,
  MIN_TOKEN_DURATION_SECONDS,
  parseUriComponents,
} from '@gatehouse/domain';
import { z } from 'zod';

/** Schemes a browser would run or read locally instead of navigating back to an app. */
const UNSAFE_SCHEMES = new Set([
  'javascript',
  'data',
  'vbscript',
  'file',
  'about',
  'blob',
  'filesystem',
]);

/**
 * A redirect URI an app may register (RFC 9700 §4.1, docs/settings-api.md "Redirect URIs"): absolute, no fragment; https;
 * http only on a loopback host; or a private-use scheme such as `myapp:/callback`.
 */
function redirectUriProblem(uri: string): string | null {
  const parts = parseUriComponents(uri);
  if (!parts) return 'must be an absolute URI without a fragment';
  const scheme = parts.scheme.toLowerCase();
  if (scheme === 'https') return parts.host ? null : 'must have a host';
  if (scheme === 'http')
    return isLoopbackRedirectUri(parts)
      ? null
      : 'must use https unless its host is localhost, 127.0.0.1 or [::1]';
  if (UNSAFE_SCHEMES.has(scheme)) return `must not use the ${scheme} scheme`;
  return null;
}

const redirectUri = z.string().superRefine((uri, ctx) => {
  const problem = redirectUriProblem(uri);
  if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(uri)} ${problem}` });
});

const scope = z
  .string()
  .refine(isKnownScope, { error: (issue) => `Unknown scope ${JSON.stringify(issue.input)}` });

const httpsUrl = z
  .string()
  .max(2048)
  .refine((value) => parseUriComponents(value)?.scheme === 'https', {
    error: 'Must be an https URL',
  });

/**
 * A back-channel logout URI (OpenID Connect Back-Channel Logout 1.0 §2.2): an absolute https URL
 * (http on a loopback host, for development) without a fragment. Reached through the outbound
 * guard, which refuses private addresses when the POST is made.
 */
const backchannelLogoutUri = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      const parts = parseUriComponents(value);
      if (!parts?.host) return false;
      const scheme = parts.scheme.toLowerCase();
      return scheme === 'https' || (scheme === 'http' && isLoopbackRedirectUri(parts));
    },
    { error: 'Must be an https URL without a fragment' },
  );

const fields = {
  name: z
    .string()
    .trim()
    .min(1, { error: 'Must not be empty' })
    .max(100, { error: 'Must be at most 100 characters' }),
  redirectUris: z.array(redirectUri).max(20, { error: 'At most 20 redirect URIs' }),
  postLogoutRedirectUris: z
    .array(redirectUri)
    .max(20, { error: 'At most 20 post-logout redirect URIs' }),
  backchannelLogoutUri: backchannelLogoutUri.nullable(),
  backchannelLogoutSessionRequired: z.boolean(),
  scopes: z.array(scope).max(18),
  logoUri: httpsUrl.nullable(),
  homepageUrl: httpsUrl.nullable(),
  accessTokenTtlSeconds: z
    .int({ error: 'Must be a whole number of seconds' })
    .min(MIN_TOKEN_DURATION_SECONDS, {
      error: `Must be at least ${MIN_TOKEN_DURATION_SECONDS} seconds (5 minutes)`,
    })
    .max(MAX_TOKEN_DURATION_SECONDS, {
      error: `Must be at most ${MAX_TOKEN_DURATION_SECONDS} seconds (30 days)`,
    }),
};

/** `POST /api/settings/apps`. */
export const createAppSchema = z.strictObject({
  name: fields.name,
  redirectUris: fields.redirectUris.default([]),
  scopes: fields.scopes.default([]),
  logoUri: fields.logoUri.optional(),
  homepageUrl: fields.homepageUrl.optional(),
  postLogoutRedirectUris: fields.postLogoutRedirectUris.default([]),
  backchannelLogoutUri: fields.backchannelLogoutUri.optional(),
  backchannelLogoutSessionRequired: fields.backchannelLogoutSessionRequired.default(false),
  accessTokenTtlSeconds: fields.accessTokenTtlSeconds.optional(),
  /** An organization name: the app belongs to it (the caller must be its admin). Default: the caller. */
  owner: z.string().min(1).optional(),
  /** A public app has no client secret (PKCE only); default false: a secret is created and shown once. */
  public: z.boolean().default(false),
});

/** `PATCH /api/settings/apps/:clientId`: any of the fields, at least one. */
export const updateAppSchema = z
  .strictObject({
    name: fields.name.optional(),
    redirectUris: fields.redirectUris.optional(),
    scopes: fields.scopes.optional(),
    logoUri: fields.logoUri.optional(),
    homepageUrl: fields.homepageUrl.optional(),
    postLogoutRedirectUris: fields.postLogoutRedirectUris.optional(),
    backchannelLogoutUri: fields.backchannelLogoutUri.optional(),
    backchannelLogoutSessionRequired: fields.backchannelLogoutSessionRequired.optional(),
    accessTokenTtlSeconds: fields.accessTokenTtlSeconds.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'Nothing to update',
  });

export type CreateAppInput = z.output<typeof createAppSchema>;
export type UpdateAppInput = z.output<typeof updateAppSchema>;
