import { Injectable } from '@nestjs/common';
import { TrustedPublisherEntity } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';

export type TrustedPublisher = Pick<TrustedPublisherEntity, 'id' | 'issuer' | 'jwksUri' | 'audience' | 'conditions' | 'repoType' | 'repoName'>;

/** Port over the trusted-publisher entries (seeded by `gatehouse admin seed`). */
export abstract class TrustedPublisherStore {
  abstract findByIssuer(issuer: string): Promise<TrustedPublisher[]>;
}

@Injectable()
export class TypeOrmTrustedPublisherStore extends TrustedPublisherStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  findByIssuer(issuer: string): Promise<TrustedPublisher[]> {
    return this.dataSource.manager.find(TrustedPublisherEntity, { where: { issuer }, order: { repoType: 'ASC', repoName: 'ASC' } });
  }
}
