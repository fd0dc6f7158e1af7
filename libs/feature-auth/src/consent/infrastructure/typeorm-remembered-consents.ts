import { Injectable } from '@nestjs/common';
import { newObjectId } from '@gatehouse/crypto';
import type { ConsentGrant } from '@gatehouse/domain';
import { ConsentEntity } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { RememberedConsents } from '../ports/remembered-consents';

@Injectable()
export class TypeOrmRememberedConsents extends RememberedConsents {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async find(userId: string, clientId: string): Promise<ConsentGrant | null> {
    const row = await this.dataSource.manager.findOneBy(ConsentEntity, { userId, clientId });
    return row ? { scopes: row.scopes, orgIds: row.orgIds } : null;
  }

  async save(userId: string, clientId: string, grant: ConsentGrant, at: Date): Promise<void> {
    await this.dataSource.manager
      .createQueryBuilder()
      .insert()
      .into(ConsentEntity)
      .values({
        id: newObjectId(at.getTime()),
        userId,
        clientId,
        scopes: [...grant.scopes],
        orgIds: [...grant.orgIds],
        createdAt: at,
        updatedAt: at,
      })
      .orUpdate(['scopes', 'org_ids', 'updated_at'], ['user_id', 'client_id'])
      .execute();
  }
}
