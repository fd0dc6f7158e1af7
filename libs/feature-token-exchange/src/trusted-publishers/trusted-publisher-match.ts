import { InvalidGrant, InvalidRequest, InvalidTarget } from '@gatehouse/domain';
import type { TrustedPublisher } from './ports/trusted-publisher.store';

/**
 * Which trusted publisher a verified CI token speaks for (docs/oauth.md "Token exchange"), among the entries of
 * its issuer:
 *  - `aud` must equal an entry's audience (a one-element array counts), else invalid_request
 *    (RFC 8693 §2.2.2: an unacceptable subject token);
 *  - every condition of the entry (claim name → exact value: repository, workflow, environment...)
 *    must hold, else invalid_grant (no publisher trusts this job, as the organization grant answers an unknown member);
 *  - `resource`, when sent, picks the repository (`<type>/<name>`, `<type>s/<name>`, a model's bare
 *    `<name>`, or a URL with such a path), else invalid_target;
 *  - several repositories left and no `resource`: invalid_request.
 */
export function matchTrustedPublisher(
  entries: readonly TrustedPublisher[],
  claims: Record<string, unknown>,
  resource?: string,
): TrustedPublisher {
  const audienceMatches = entries.filter((entry) => audienceEquals(claims.aud, entry.audience));
  if (audienceMatches.length === 0)
    throw new InvalidRequest('subject_token audience is not accepted');
  const trusted = audienceMatches.filter((entry) => conditionsHold(entry.conditions, claims));
  if (trusted.length === 0) {
    throw new InvalidGrant(
      'No trusted publisher matches this token (repository, workflow or environment)',
    );
  }
  if (resource !== undefined) {
    const named = trusted.filter((entry) => resourceNames(resource, entry));
    if (named.length === 0)
      throw new InvalidTarget('resource is not a repository this token may publish to');
    return named[0]!;
  }
  if (trusted.length > 1)
    throw new InvalidRequest('Several repositories trust this token: name one with resource');
  return trusted[0]!;
}

function audienceEquals(aud: unknown, expected: string): boolean {
  if (typeof aud === 'string') return aud === expected;
  return Array.isArray(aud) && aud.length === 1 && aud[0] === expected;
}

function conditionsHold(
  conditions: Record<string, string>,
  claims: Record<string, unknown>,
): boolean {
  return Object.entries(conditions).every(([claim, expected]) => {
    const actual = claims[claim];
    return (
      (typeof actual === 'string' || typeof actual === 'number' || typeof actual === 'boolean') &&
      String(actual) === expected
    );
  });
}

function resourceNames(resource: string, entry: TrustedPublisher): boolean {
  const path = resourcePath(resource);
  const names = [`${entry.repoType}/${entry.repoName}`, `${entry.repoType}s/${entry.repoName}`];
  if (entry.repoType === 'model') names.push(entry.repoName);
  return names.includes(path);
}

function resourcePath(resource: string): string {
  if (/^https?:\/\//i.test(resource)) {
    try {
      return decodeURIComponent(new URL(resource).pathname).replace(/^\/+|\/+$/g, '');
    } catch {
      return resource;
    }
  }
  return resource.replace(/^\/+|\/+$/g, '');
}
