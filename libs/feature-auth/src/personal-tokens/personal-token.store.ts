import { Injectable } from '@nestjs/common';
import { PersonalAccessTokenEntity } from '@gatehouse/persistence';
import { DataSource, IsNull } from 'typeorm';

/** Port over a user's personal access tokens (hashes only). */
export abstract class PersonalTokenStore {
  abstract insert(row: PersonalAccessTokenEntity): Promise<void>;
  /** The user's tokens that are not revoked, oldest first. */
  abstract listActive(userId: string): Promise<PersonalAccessTokenEntity[]>;
  /** The hash of one of the user's tokens that is not revoked; null when the user has no such token. */
  abstract activeTokenHash(userId: string, id: string): Promise<string | null>;
  /** Revokes one of the user's tokens; false when the user has no such token (or it is revoked already). */
  abstract revoke(userId: string, id: string, at: Date): Promise<boolean>;
}

@Injectable()
export class TypeOrmPersonalTokenStore extends PersonalTokenStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(row: PersonalAccessTokenEntity): Promise<void> {
    await this.dataSource.manager.insert(PersonalAccessTokenEntity, row);
  }

  listActive(userId: string): Promise<PersonalAccessTokenEntity[]> {
    return this.dataSource.manager.find(PersonalAccessTokenEntity, {
      where: { userId, revokedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async activeTokenHash(userId: string, id: string): Promise<string | null> {
    const [row]: Array<{ token_hash: string }> = await this.dataSource.query(
      'SELECT token_hash FROM personal_access_tokens WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
      [id, userId],
    );
    return row?.token_hash ?? null;
  }

  async revoke(userId: string, id: string, at: Date): Promise<boolean> {
    // The user id in the condition is what keeps one user from revoking another's token.
    const result = await this.dataSource.manager.update(PersonalAccessTokenEntity, { id, userId, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
  }
}
