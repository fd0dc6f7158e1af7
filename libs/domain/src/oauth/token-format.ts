/**
 * Token prefixes (docs/hf-clients.md "Token prefixes and whoami-v2"). Every token starts with `hf_`, because
 * huggingface.js `checkAccessToken` refuses anything else. More specific prefixes come first:
 * classification takes the first that fits.
 */
export const TOKEN_PREFIXES = {
  oauth_refresh: 'hf_oauth_refresh_',
  oauth_access: 'hf_oauth_',
  trusted_publisher: 'hf_jwt_',
  personal: 'hf_',
} as const;

export type TokenKind = keyof typeof TOKEN_PREFIXES;

/** How an opaque access token was issued: an OAuth grant, a token exchange, or a CI id_token (trusted publisher). */
export type AccessTokenKind = 'oauth' | 'exchange' | 'trusted_publisher';

/** What a personal access token may do: `fineGrained` tokens carry their permissions (token-permissions.ts). */
export type PersonalAccessTokenRole = 'read' | 'write' | 'fineGrained';

/** The repository a trusted-publisher token may act on. */
export interface TokenRepository {
  type: string;
  name: string;
}

/**
 * Opaque bodies are base62 (libs/crypto `randomToken`: 32 bytes give 43 characters, 16 bytes 22),
 * so an opaque body never holds `_` and `hf_oauth_…` can never be read as a personal token.
 * Trusted-publisher bodies may also be a compact JWS (base64url and dots).
 */
const OPAQUE_BODY = /^[0-9A-Za-z]{22,128}$/;
const JWT_BODY = /^[0-9A-Za-z_.-]{22,4096}$/;

const ORDER: readonly TokenKind[] = [
  'oauth_refresh',
  'oauth_access',
  'trusted_publisher',
  'personal',
];

/** The kind of a well-formed token (tells which store to look it up in), or null. */
export function classifyToken(token: string): TokenKind | null {
  if (typeof token !== 'string') return null;
  for (const kind of ORDER) {
    const prefix = TOKEN_PREFIXES[kind];
    if (!token.startsWith(prefix)) continue;
    const body = token.slice(prefix.length);
    const pattern = kind === 'trusted_publisher' ? JWT_BODY : OPAQUE_BODY;
    return pattern.test(body) ? kind : null;
  }
  return null;
}

/** The prefix to hand to libs/crypto `randomToken` when minting a token of this kind. */
export function tokenPrefix(kind: TokenKind): string {
  return TOKEN_PREFIXES[kind];
}
