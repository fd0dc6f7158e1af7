import { Injectable } from '@nestjs/common';
import { OAuthAppRepository } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { ClientLookup } from '../ports/client-lookup';
import type { OAuthAppRecord } from '../ports/oauth-app-record';
import { oauthAppRecordOf } from './oauth-app-row';

@Injectable()
export class TypeOrmClientLookup extends ClientLookup {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByClientId(clientId: string): Promise<OAuthAppRecord | null> {
    const row = await new OAuthAppRepository(this.dataSource.manager).findByClientId(clientId);
    return row ? oauthAppRecordOf(row) : null;
  }
}
