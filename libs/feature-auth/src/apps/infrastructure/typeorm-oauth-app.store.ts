import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import {
  appChangedMessage,
  ClientLookup,
  entityManagerOf,
  OutboxWriter,
  type OAuthAppRecord,
  oauthAppRecordOf,
  TokenRevoker,
  TransactionRunner,
} from '@gatehouse/identity';
import {
  AccessTokenEntity,
  ConsentEntity,
  OAuthAppEntity,
  RefreshTokenEntity,
} from '@gatehouse/persistence';
import { CLOCK } from '@gatehouse/platform';
import { DataSource, In, IsNull } from 'typeorm';
import { OAuthAppStore } from '../ports/oauth-app.store';

/**
 * Each change writes an oauth_app.changed event in its transaction, which makes every other
 * process's ClientLookup read the app again, and once committed makes this process's do so at once.
 */
@Injectable()
export class TypeOrmOAuthAppStore extends OAuthAppStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly revoker: TokenRevoker,
    private readonly clients: ClientLookup,
    private readonly outbox: OutboxWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super();
  }

  async listOwned(owners: { userId: string; orgIds: string[] }): Promise<OAuthAppRecord[]> {
    const where = [
      { ownerUserId: owners.userId },
      ...(owners.orgIds.length > 0 ? [{ ownerOrgId: In(owners.orgIds) }] : []),
    ];
    const rows = await this.dataSource.manager.find(OAuthAppEntity, {
      where,
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(oauthAppRecordOf);
  }

  async findByClientId(clientId: string): Promise<OAuthAppRecord | null> {
    const row = await this.dataSource.manager.findOneBy(OAuthAppEntity, { clientId });
    return row ? oauthAppRecordOf(row) : null;
  }

  async insert(app: OAuthAppRecord): Promise<void> {
    await this.transactions.run(async (tx) => {
      await entityManagerOf(tx).insert(OAuthAppEntity, app);
      await this.outbox.append(tx, appChangedMessage(app.clientId, 'created', app.createdAt));
    });
    this.clients.forget(app.clientId);
  }

  async update(app: OAuthAppRecord): Promise<void> {
    const { id, ...fields } = app;
    await this.transactions.run(async (tx) => {
      await entityManagerOf(tx).update(OAuthAppEntity, { id }, fields);
      await this.outbox.append(tx, appChangedMessage(app.clientId, 'updated', app.updatedAt));
    });
    this.clients.forget(app.clientId);
  }

  /** The app's tokens have no foreign key to it (metadata-document apps have no row), so they are revoked here. */
  async delete(app: OAuthAppRecord): Promise<void> {
    await this.transactions.run(async (tx) => {
      const manager = entityManagerOf(tx);
      const refreshFamilies = await manager
        .createQueryBuilder(RefreshTokenEntity, 'r')
        .select('DISTINCT r.family_id', 'familyId')
        .where('r.client_id = :clientId AND r.revoked_at IS NULL', { clientId: app.clientId })
        .getRawMany<{ familyId: string }>();
      for (const { familyId } of refreshFamilies)
        await this.revoker.revokeFamily(tx, familyId, 'app_deleted');
      const accessTokens = await manager.find(AccessTokenEntity, {
        select: { id: true },
        where: { clientId: app.clientId, revokedAt: IsNull() },
      });
      for (const { id } of accessTokens)
        await this.revoker.revokeAccessToken(tx, id, 'app_deleted');
      await manager.delete(ConsentEntity, { clientId: app.clientId });
      await manager.delete(OAuthAppEntity, { id: app.id });
      await this.outbox.append(
        tx,
        appChangedMessage(app.clientId, 'deleted', new Date(this.clock.now())),
      );
    });
    this.clients.forget(app.clientId);
  }
}
