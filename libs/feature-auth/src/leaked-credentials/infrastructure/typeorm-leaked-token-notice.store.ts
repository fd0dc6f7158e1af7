import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { LeakedTokenNoticeEntity } from '@gatehouse/persistence';
import { DataSource, IsNull } from 'typeorm';
import type { LeakedTokenNotice } from '../ports/leaked-token-records';
import { LeakedTokenNoticeStore } from '../ports/leaked-token-notice.store';

@Injectable()
export class TypeOrmLeakedTokenNoticeStore extends LeakedTokenNoticeStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async record(tx: Transaction, notice: LeakedTokenNotice): Promise<boolean> {
    // The token's unique key makes a second notice of the same token a no-op, whoever races.
    const rows: Array<{ id: string }> = await entityManagerOf(tx).query(
      `INSERT INTO leaked_token_notices
         (id, user_id, token_kind, token_id, token_name, client_id, reported_at, revoked_at, dismissed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT ON CONSTRAINT leaked_token_notices_token_key DO NOTHING
       RETURNING id`,
      [
        notice.id,
        notice.userId,
        notice.tokenKind,
        notice.tokenId,
        notice.tokenName,
        notice.clientId,
        notice.reportedAt,
        notice.revokedAt,
        notice.dismissedAt,
      ],
    );
    return rows.length > 0;
  }

  listActive(userId: string, limit: number): Promise<LeakedTokenNotice[]> {
    return this.dataSource.manager.find(LeakedTokenNoticeEntity, {
      where: { userId, dismissedAt: IsNull() },
      order: { revokedAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  async dismiss(userId: string, id: string, at: Date): Promise<boolean> {
    // The user id in the condition is what keeps one user from dismissing another's notice.
    const result = await this.dataSource.manager.update(
      LeakedTokenNoticeEntity,
      { id, userId, dismissedAt: IsNull() },
      { dismissedAt: at },
    );
    return (result.affected ?? 0) > 0;
  }
}
