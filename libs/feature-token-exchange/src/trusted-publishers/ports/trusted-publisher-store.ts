import type { TrustedPublisherEntity } from '@gatehouse/persistence';

export type TrustedPublisher = Pick<TrustedPublisherEntity, 'id' | 'issuer' | 'jwksUri' | 'audience' | 'conditions' | 'repoType' | 'repoName'>;

/** Port over the trusted-publisher entries (seeded by `gatehouse admin seed`). */
export abstract class TrustedPublisherStore {
  abstract findByIssuer(issuer: string): Promise<TrustedPublisher[]>;
}
