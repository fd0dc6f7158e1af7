import { Injectable } from '@nestjs/common';
import type { PersonalTokenRecord } from '@gatehouse/identity';
import { PersonalAccessTokenEntity } from '@gatehouse/persistence';
import { DataSource, IsNull } from 'typeorm';
import { PersonalTokenChanges, PersonalTokenStore } from '../ports/personal-token.store';

@Injectable()
export class TypeOrmPersonalTokenStore extends PersonalTokenStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(row: PersonalTokenRecord): Promise<void> {
    await this.dataSource.manager.insert(PersonalAccessTokenEntity, row);
  }

  listActive(userId: string): Promise<PersonalTokenRecord[]> {
    return this.dataSource.manager.find(PersonalAccessTokenEntity, {
      where: { userId, revokedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  findActive(userId: string, id: string): Promise<PersonalTokenRecord | null> {
    // The user id in the condition is what keeps one user from reading another's token.
    return this.dataSource.manager.findOneBy(PersonalAccessTokenEntity, {
      id,
      userId,
      revokedAt: IsNull(),
    });
  }

  async activeTokenHash(userId: string, id: string): Promise<string | null> {
    const [row]: Array<{ token_hash: string }> = await this.dataSource.query(
      'SELECT token_hash FROM personal_access_tokens WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
      [id, userId],
    );
    return row?.token_hash ?? null;
  }

  async update(
    userId: string,
    id: string,
    tokenHash: string,
    changes: PersonalTokenChanges,
  ): Promise<PersonalTokenRecord | null> {
    const result = await this.dataSource.manager.update(
      PersonalAccessTokenEntity,
      { id, userId, tokenHash, revokedAt: IsNull() },
      changes,
    );
    if ((result.affected ?? 0) === 0) return null;
    return this.findActive(userId, id);
  }

  async revoke(userId: string, id: string, at: Date): Promise<boolean> {
    // The user id in the condition is what keeps one user from revoking another's token.
    const result = await this.dataSource.manager.update(
      PersonalAccessTokenEntity,
      { id, userId, revokedAt: IsNull() },
      { revokedAt: at },
    );
    return (result.affected ?? 0) > 0;
  }
}
