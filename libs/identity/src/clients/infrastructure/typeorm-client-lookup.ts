import { Injectable } from '@nestjs/common';
import { OAuthAppEntity, OAuthAppRepository } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { ClientLookup } from '../ports/client-lookup';

@Injectable()
export class TypeOrmClientLookup extends ClientLookup {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  findByClientId(clientId: string): Promise<OAuthAppEntity | null> {
    return new OAuthAppRepository(this.dataSource.manager).findByClientId(clientId);
  }
}
