import { ApiError } from '../common';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The lifetimes the creation form offers (docs/settings-api.md "Access tokens"). */
const PERSONAL_TOKEN_EXPIRY_DAYS = [7, 30, 90] as const;

/**
 * A personal token's expiry chosen at creation: `expiresInDays` (7, 30 or 90), `expiresAt` (a
 * date-time in the future), or neither for a token that does not expire. Both at once is a 400.
 * Returns the expiry in epoch milliseconds, or null.
 */
export function personalTokenExpiry(
  choice: { expiresInDays?: number | null; expiresAt?: string | null },
  nowMs: number,
): number | null {
  const { expiresInDays, expiresAt } = choice;
  if (expiresInDays != null && expiresAt != null)
    throw ApiError.badRequest('Give expiresInDays or expiresAt, not both', 'expiresAt');
  if (expiresInDays != null) {
    if (!(PERSONAL_TOKEN_EXPIRY_DAYS as readonly number[]).includes(expiresInDays))
      throw ApiError.badRequest(
        `expiresInDays must be one of ${PERSONAL_TOKEN_EXPIRY_DAYS.join(', ')}`,
        'expiresInDays',
      );
    return nowMs + expiresInDays * DAY_MS;
  }
  if (expiresAt == null) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at))
    throw ApiError.badRequest('expiresAt must be an ISO 8601 date or date-time', 'expiresAt');
  if (at <= nowMs) throw ApiError.badRequest('expiresAt must be in the future', 'expiresAt');
  return at;
}

/**
 * What tells tokens apart without showing them: the prefix and the last four characters
 * (`hf_…abcd`), kept at creation since the token itself is not.
 */
export function maskedTokenPreview(token: string): string {
  const prefix = token.slice(0, token.indexOf('_') + 1);
  return `${prefix}…${token.slice(-4)}`;
}

/** Families of clients, from the most specific User-Agent marker to the least. */
const USER_AGENT_FAMILIES: ReadonlyArray<[RegExp, string]> = [
  [/\bhf_hub\//, 'huggingface_hub'],
  [/\bhuggingface\.js\b|@huggingface\/hub|\bhf-js\b/i, 'huggingface.js'],
  [/\bgatehouse-sdk\//, 'gatehouse-sdk'],
  [/\bgatehouse-cli\//, 'gatehouse-cli'],
  [/^curl\//, 'curl'],
  [/^python-requests\//, 'python-requests'],
  [/^python-httpx\//, 'python-httpx'],
  [/^Mozilla\//, 'browser'],
  [/^node$|^undici\b|^node-fetch\b/, 'node'],
];

/**
 * The family of the client a token was used from, as its owner reads it beside "last used": never
 * the User-Agent itself (it can carry versions and host details), only a name from a short list,
 * `other` for the rest and `unknown` without one.
 */
export function userAgentFamily(userAgent: string | undefined | null): string {
  if (!userAgent) return 'unknown';
  for (const [pattern, family] of USER_AGENT_FAMILIES) if (pattern.test(userAgent)) return family;
  return 'other';
}
