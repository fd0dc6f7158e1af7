import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ExpiredTokenStore } from '../ports/expired-token.store';

/** SKIP LOCKED: replicas pruning at the same time take different rows. */
const pruneExpired = (
  table: 'access_tokens' | 'refresh_tokens',
) => `DELETE FROM ${table} WHERE id IN (
  SELECT id FROM ${table} WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`;

@Injectable()
export class SqlExpiredTokenStore extends ExpiredTokenStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async pruneAccessTokens(before: Date, limit: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      pruneExpired('access_tokens'),
      [before, limit],
    );
    return deleted;
  }

  async pruneRefreshTokens(before: Date, limit: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      pruneExpired('refresh_tokens'),
      [before, limit],
    );
    return deleted;
  }
}
