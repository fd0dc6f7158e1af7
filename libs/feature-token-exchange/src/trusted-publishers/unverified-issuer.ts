import { InvalidRequest } from '@gatehouse/domain';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The `iss` claim of a compact JWT, read before verification only to pick which trusted
 * publishers (and so which JWKS) apply. Nothing else is trusted until the signature is checked.
 */
export function unverifiedIssuer(jwt: string): string {
  if (jwt.length > 16_384 || !COMPACT_JWS.test(jwt))
    throw new InvalidRequest('subject_token is not a compact JWT');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidRequest('subject_token is not a compact JWT');
  }
  const iss = (payload as { iss?: unknown } | null)?.iss;
  if (typeof iss !== 'string' || iss === '')
    throw new InvalidRequest('subject_token has no iss claim');
  return iss;
}
