import {
  TrustedPublisher,
  TrustedPublisherStore,
} from '../trusted-publishers/ports/trusted-publisher.store';

export class InMemoryTrustedPublisherStore extends TrustedPublisherStore {
  readonly publishers: TrustedPublisher[] = [];

  add(fields: Partial<TrustedPublisher> & Pick<TrustedPublisher, 'repoName'>): TrustedPublisher {
    const publisher: TrustedPublisher = {
      id: `tp${String(this.publishers.length + 1).padStart(22, '0')}`,
      issuer: 'https://ci.example',
      jwksUri: 'https://ci.example/jwks',
      audience: 'gatehouse',
      conditions: {},
      repoType: 'model',
      ...fields,
    };
    this.publishers.push(publisher);
    return publisher;
  }

  async findByIssuer(issuer: string): Promise<TrustedPublisher[]> {
    return this.publishers.filter((publisher) => publisher.issuer === issuer);
  }
}
