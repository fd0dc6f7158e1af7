import { createHash, timingSafeEqual } from 'node:crypto';
import { InvalidGrant, InvalidRequest } from '../common';

/** `code_challenge_methods_supported`: S256 only; `plain` would put the verifier in the URL. */
export const CODE_CHALLENGE_METHODS_SUPPORTED = ['S256'] as const;
type CodeChallengeMethod = (typeof CODE_CHALLENGE_METHODS_SUPPORTED)[number];

/** RFC 7636 §4.1: 43-128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the unpadded base64url of a SHA-256 digest: always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export interface PkceChallenge {
  challenge: string;
  method: CodeChallengeMethod;
}

export function isValidCodeVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

/** RFC 7636 §4.2: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))). */
export function s256CodeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * Validates `code_challenge` and `code_challenge_method` at the authorization endpoint.
 * Returns the challenge to store with the code, or null when the request carries none (allowed
 * only when `required` is false: confidential apps). A challenge without a method means `plain`
 * (RFC 7636 §4.3), which is refused like an explicit `plain`.
 */
export function validateCodeChallenge(
  challenge: string | null | undefined,
  method: string | null | undefined,
  options: { required?: boolean } = {},
): PkceChallenge | null {
  const hasChallenge = challenge !== undefined && challenge !== null && challenge !== '';
  const hasMethod = method !== undefined && method !== null && method !== '';
  if (!hasChallenge) {
    if (hasMethod)
      throw new InvalidRequest('code_challenge_method was sent without code_challenge');
    if (options.required) throw new InvalidRequest('code_challenge is required (PKCE with S256)');
    return null;
  }
  if (method !== 'S256') {
    throw new InvalidRequest('code_challenge_method must be S256; plain is not supported');
  }
  if (!S256_CHALLENGE.test(challenge)) {
    throw new InvalidRequest(
      'code_challenge must be the 43-character base64url SHA-256 of the verifier',
    );
  }
  return { challenge, method };
}

/**
 * Checks the token request's `code_verifier` against what the code was issued with
 * (RFC 7636 §4.6, RFC 9700 §2.1.1):
 *  - a challenge and no verifier: invalid_grant;
 *  - a verifier for a code issued without challenge: invalid_grant (downgrade protection);
 *  - a verifier that breaks the §4.1 syntax: invalid_request;
 *  - a verifier that does not hash to the challenge: invalid_grant.
 * No challenge and no verifier passes: whether PKCE was required was decided at authorization.
 */
export function verifyPkce(input: {
  challenge: string | null | undefined;
  method: string | null | undefined;
  verifier: string | null | undefined;
}): void {
  const { challenge, method, verifier } = input;
  const hasVerifier = verifier !== undefined && verifier !== null && verifier !== '';
  if (!challenge) {
    if (hasVerifier)
      throw new InvalidGrant('code_verifier sent for a code issued without code_challenge');
    return;
  }
  if (!hasVerifier) throw new InvalidGrant('code_verifier is required for this code');
  if (!isValidCodeVerifier(verifier)) {
    throw new InvalidRequest('code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~');
  }
  if (method !== 'S256')
    throw new InvalidGrant('code was issued with an unsupported code_challenge_method');
  const expected = Buffer.from(challenge, 'ascii');
  const actual = Buffer.from(s256CodeChallenge(verifier), 'ascii');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw new InvalidGrant('code_verifier does not match code_challenge');
  }
}
