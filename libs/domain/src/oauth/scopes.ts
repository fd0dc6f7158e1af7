import { InvalidScope } from '../common';

/**
 * The scopes of docs/oauth.md "Scopes", in that order. The descriptions are what the consent page shows:
 * they say what the app will be able to do, in words a user reads in a few seconds.
 */
export const SCOPE_DEFINITIONS = [
  { name: 'openid', description: 'Confirm who you are when you sign in to the app' },
  { name: 'profile', description: 'See your username, full name, avatar and public profile link' },
  { name: 'email', description: 'See your e-mail address' },
  { name: 'read-billing', description: 'See whether a payment method is set up on your account' },
  {
    name: 'read-memberships',
    description:
      'See which organizations you belong to and your role in each (not their settings or content)',
  },
  {
    name: 'read-repos',
    description: 'Read your models, datasets and apps, including private ones',
  },
  {
    name: 'gated-repos',
    description:
      'Read public gated repositories you have been given access to (never private ones)',
  },
  {
    name: 'contribute-repos',
    description: 'Create repositories for you, and use only the repositories this app created',
  },
  { name: 'write-repos', description: 'Read and change your models, datasets and apps' },
  {
    name: 'manage-repos',
    description: 'Fully manage your repositories: create, change settings and delete them',
  },
  { name: 'read-collections', description: 'Read your collections' },
  { name: 'write-collections', description: 'Create, change and delete your collections' },
  {
    name: 'inference-api',
    description: 'Send inference requests to inference providers on your behalf',
  },
  { name: 'read-endpoints', description: 'See your inference endpoints and send requests to them' },
  {
    name: 'write-endpoints',
    description: 'Create, change and delete your inference endpoints (and see and use them)',
  },
  { name: 'jobs', description: 'Run jobs on your behalf' },
  { name: 'webhooks', description: 'Create, change and delete your webhooks' },
  {
    name: 'write-discussions',
    description: 'Open discussions and pull requests, comment, react and close them on your behalf',
  },
] as const;

export type ScopeName = (typeof SCOPE_DEFINITIONS)[number]['name'];

/** `scopes_supported` of the discovery documents. */
export const SCOPES_SUPPORTED: readonly ScopeName[] = SCOPE_DEFINITIONS.map((scope) => scope.name);

/**
 * Every app may ask for these, and they are what an app gets when neither the request nor the app
 * names any scope: huggingface.js asks for `openid profile` by default and Spaces always get them
 * (docs/hf-clients.md "OAuth and OpenID Connect").
 */
export const BASELINE_SCOPES: readonly ScopeName[] = ['openid', 'profile'];

/** Scopes that carry others with them (docs/oauth.md "Scopes" wording: "includes", "read and write", "fully manage"). */
const IMPLIES: Readonly<Partial<Record<ScopeName, readonly ScopeName[]>>> = {
  'write-repos': ['read-repos'],
  'manage-repos': ['write-repos', 'read-repos'],
  'write-collections': ['read-collections'],
  'write-endpoints': ['read-endpoints'],
};

const KNOWN = new Set<string>(SCOPES_SUPPORTED);

export function isKnownScope(value: string): value is ScopeName {
  return KNOWN.has(value);
}

export function describeScope(name: ScopeName): string {
  const found = SCOPE_DEFINITIONS.find((scope) => scope.name === name);
  return found ? found.description : name;
}

/** RFC 6749 §3.3: space-delimited, order kept, duplicates dropped. Absent or blank gives []. */
export function parseScope(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(' ').filter((part) => part.length > 0))];
}

export function formatScope(scopes: readonly string[]): string {
  return scopes.join(' ');
}

/** The scopes with everything they imply, in first-seen order. */
export function impliedScopes(scopes: readonly string[]): string[] {
  const result = new Set<string>();
  for (const scope of scopes) {
    result.add(scope);
    for (const implied of IMPLIES[scope as ScopeName] ?? []) result.add(implied);
  }
  return [...result];
}

/** True when `granted` (with what it implies) carries every scope in `required`. */
export function scopeCovers(
  granted: readonly string[],
  required: string | readonly string[],
): boolean {
  const have = new Set(impliedScopes(granted));
  const needed = typeof required === 'string' ? [required] : required;
  return needed.every((scope) => have.has(scope));
}

/**
 * What an app may ask for: its registered scopes (with what they imply) plus the baseline.
 */
export function allowedScopesForApp(appScopes: readonly string[]): string[] {
  return impliedScopes([...BASELINE_SCOPES, ...appScopes]);
}

/**
 * Checks each requested scope is known and allowed; the first offender is named in the
 * `invalid_scope` description (RFC 6749 §5.2). Returns the requested list unchanged.
 */
export function validateScopes(requested: readonly string[], allowed: readonly string[]): string[] {
  const allowedSet = new Set(impliedScopes(allowed));
  for (const scope of requested) {
    if (!isKnownScope(scope)) throw new InvalidScope(`Unknown scope '${scope}'`);
    if (!allowedSet.has(scope))
      throw new InvalidScope(`Scope '${scope}' is not allowed for this app`);
  }
  return [...requested];
}

/** The scopes used when a request names none: the app's scopes, or the baseline when it has none. */
export function defaultScopes(appScopes: readonly string[]): string[] {
  return appScopes.length > 0 ? [...appScopes] : [...BASELINE_SCOPES];
}

/**
 * The authorization, device and token-exchange rule in one place: parse the `scope` parameter,
 * fall back to the default when absent or blank, and validate against what the app may ask for.
 * Token exchange passes `{ baseline: false }`: there the app's own scopes are the whole limit
 * (docs/oauth.md "Token exchange": invalid_scope for a scope the app does not have).
 */
export function resolveRequestedScopes(
  scopeParam: string | null | undefined,
  appScopes: readonly string[],
  options: { baseline?: boolean } = {},
): string[] {
  const requested = parseScope(scopeParam);
  if (requested.length === 0) return defaultScopes(appScopes);
  const allowed = options.baseline === false ? appScopes : allowedScopesForApp(appScopes);
  return validateScopes(requested, allowed);
}
