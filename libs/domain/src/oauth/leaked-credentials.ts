import { classifyToken } from './token-format';

/**
 * How many entries of one leak report's `credentials` are looked at (docs/security.md "Leaked
 * tokens"); the rest of a longer batch is passed over, so no batch costs more than this.
 */
export const MAX_LEAKED_CREDENTIALS_PER_REPORT = 100;

/**
 * The strings of a leak report (`POST /api/credentials/revoke`, body `{"credentials": ["hf_…",
 * …]}`) worth looking up: among the first MAX_LEAKED_CREDENTIALS_PER_REPORT entries of
 * `credentials`, the distinct ones that are well-formed tokens (classifyToken), in order. Anything
 * else (another body, other keys, entries that are not strings or not tokens) is passed over and
 * never refused: the endpoint answers the same whatever it is sent.
 */
export function leakedCredentialCandidates(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const credentials: unknown = (body as { credentials?: unknown }).credentials;
  if (!Array.isArray(credentials)) return [];
  const candidates = new Set<string>();
  for (const entry of credentials.slice(0, MAX_LEAKED_CREDENTIALS_PER_REPORT)) {
    if (typeof entry === 'string' && classifyToken(entry) !== null) candidates.add(entry);
  }
  return [...candidates];
}
