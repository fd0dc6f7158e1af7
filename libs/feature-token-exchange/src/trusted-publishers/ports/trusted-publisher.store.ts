/**
 * A CI provider allowed to exchange its OIDC id_token for a token on one repository.
 * `conditions` maps a claim name to the exact value the id_token must carry.
 */
export interface TrustedPublisher {
  id: string;
  issuer: string;
  jwksUri: string;
  audience: string;
  conditions: Record<string, string>;
  repoType: string;
  repoName: string;
}

/** Port over the trusted-publisher entries (seeded by `gatehouse admin seed`). */
export abstract class TrustedPublisherStore {
  abstract findByIssuer(issuer: string): Promise<TrustedPublisher[]>;
}
