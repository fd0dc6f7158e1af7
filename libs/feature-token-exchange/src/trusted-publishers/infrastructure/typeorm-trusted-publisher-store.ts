import { Injectable } from '@nestjs/common';
import { TrustedPublisherEntity } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { TrustedPublisher, TrustedPublisherStore } from '../ports/trusted-publisher-store';

@Injectable()
export class TypeOrmTrustedPublisherStore extends TrustedPublisherStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  findByIssuer(issuer: string): Promise<TrustedPublisher[]> {
    return this.dataSource.manager.find(TrustedPublisherEntity, { where: { issuer }, order: { repoType: 'ASC', repoName: 'ASC' } });
  }
}
