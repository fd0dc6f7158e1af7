import { Injectable } from '@nestjs/common';
import type { OrgRole } from '@gatehouse/domain';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { PersonalAccessTokenEntity, UserEntity } from '@gatehouse/persistence';
import { DataSource, IsNull } from 'typeorm';
import type {
  ServiceAccountRecord,
  ServiceAccountTokenApproval,
  ServiceAccountTokenRecord,
  ServiceAccountTokenRotation,
} from '../ports/service-account-records';
import { ServiceAccountStore } from '../ports/service-account.store';

/**
 * Service accounts in `users` (kind `service_account`, `owner_org_id`) and `memberships`, their
 * tokens in `personal_access_tokens`: token-exchange writes these rows for service accounts only
 * (docs/architecture.md "Data ownership").
 */
@Injectable()
export class TypeOrmServiceAccountStore extends ServiceAccountStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async list(orgId: string): Promise<ServiceAccountRecord[]> {
    const users = await this.dataSource.manager.find(UserEntity, {
      where: { kind: 'service_account', ownerOrgId: orgId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return users.map(recordOf);
  }

  async find(orgId: string, id: string): Promise<ServiceAccountRecord | null> {
    const user = await this.dataSource.manager.findOneBy(UserEntity, {
      id,
      kind: 'service_account',
      ownerOrgId: orgId,
    });
    return user ? recordOf(user) : null;
  }

  async insert(tx: Transaction, account: ServiceAccountRecord, role: OrgRole): Promise<boolean> {
    // No password and an address that cannot receive mail (RFC 2606 `.invalid`): nothing signs in as it.
    const inserted: Array<{ id: string }> = await entityManagerOf(tx).query(
      `INSERT INTO users (id, username, email, fullname, password_hash, kind, owner_org_id, created_at)
       VALUES ($1, $2, $3, $4, '', 'service_account', $5, $6)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        account.id,
        account.username,
        `${account.id}@service-accounts.invalid`,
        account.displayName,
        account.orgId,
        account.createdAt,
      ],
    );
    if (inserted.length === 0) return false;
    await entityManagerOf(tx).query(
      'INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3)',
      [account.orgId, account.id, role],
    );
    return true;
  }

  async rename(
    tx: Transaction,
    orgId: string,
    id: string,
    displayName: string,
  ): Promise<ServiceAccountRecord | null> {
    const manager = entityManagerOf(tx);
    const result = await manager.update(
      UserEntity,
      { id, kind: 'service_account', ownerOrgId: orgId },
      { fullname: displayName },
    );
    if ((result.affected ?? 0) === 0) return null;
    const user = await manager.findOneByOrFail(UserEntity, { id });
    return recordOf(user);
  }

  async delete(tx: Transaction, orgId: string, id: string): Promise<boolean> {
    // Memberships and tokens go with the user (ON DELETE CASCADE).
    const result = await entityManagerOf(tx).delete(UserEntity, {
      id,
      kind: 'service_account',
      ownerOrgId: orgId,
    });
    return (result.affected ?? 0) > 0;
  }

  tokens(accountId: string): Promise<ServiceAccountTokenRecord[]> {
    return this.dataSource.manager.find(PersonalAccessTokenEntity, {
      where: { userId: accountId, revokedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  findToken(accountId: string, tokenId: string): Promise<ServiceAccountTokenRecord | null> {
    return this.dataSource.manager.findOneBy(PersonalAccessTokenEntity, {
      id: tokenId,
      userId: accountId,
      revokedAt: IsNull(),
    });
  }

  async insertToken(
    tx: Transaction,
    token: ServiceAccountTokenRecord,
    approval: ServiceAccountTokenApproval,
  ): Promise<void> {
    const manager = entityManagerOf(tx);
    await manager.insert(PersonalAccessTokenEntity, token);
    await manager.query(
      `INSERT INTO token_approvals (org_id, token_id, state, decided_by, decided_at)
       VALUES ($1, $2, 'approved', $3, $4)`,
      [approval.orgId, token.id, approval.approvedBy, approval.at],
    );
  }

  async rotateToken(
    tx: Transaction,
    accountId: string,
    tokenId: string,
    tokenHash: string,
    rotation: ServiceAccountTokenRotation,
  ): Promise<ServiceAccountTokenRecord | null> {
    const manager = entityManagerOf(tx);
    const result = await manager.update(
      PersonalAccessTokenEntity,
      { id: tokenId, userId: accountId, tokenHash, revokedAt: IsNull() },
      rotation,
    );
    if ((result.affected ?? 0) === 0) return null;
    return manager.findOneBy(PersonalAccessTokenEntity, { id: tokenId });
  }

  async revokeToken(
    tx: Transaction,
    accountId: string,
    tokenId: string,
    at: Date,
  ): Promise<boolean> {
    const result = await entityManagerOf(tx).update(
      PersonalAccessTokenEntity,
      { id: tokenId, userId: accountId, revokedAt: IsNull() },
      { revokedAt: at },
    );
    return (result.affected ?? 0) > 0;
  }
}

function recordOf(user: UserEntity): ServiceAccountRecord {
  return {
    id: user.id,
    orgId: user.ownerOrgId!,
    username: user.username,
    displayName: user.fullname,
    createdAt: user.createdAt,
  };
}
