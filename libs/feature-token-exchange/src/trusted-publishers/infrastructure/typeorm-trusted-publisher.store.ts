import { Injectable } from '@nestjs/common';
import { TrustedPublisherEntity } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { TrustedPublisher, TrustedPublisherStore } from '../ports/trusted-publisher.store';

@Injectable()
export class TypeOrmTrustedPublisherStore extends TrustedPublisherStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByIssuer(issuer: string): Promise<TrustedPublisher[]> {
    const rows = await this.dataSource.manager.find(TrustedPublisherEntity, {
      where: { issuer },
      order: { repoType: 'ASC', repoName: 'ASC' },
    });
    return rows.map(trustedPublisherOf);
  }
}

function trustedPublisherOf({
  id,
  issuer,
  jwksUri,
  audience,
  conditions,
  repoType,
  repoName,
}: TrustedPublisherEntity): TrustedPublisher {
  return { id, issuer, jwksUri, audience, conditions, repoType, repoName };
}
