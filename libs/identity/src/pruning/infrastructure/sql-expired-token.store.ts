import { Injectable } from '@nestjs/common';
import { JOB_TOKEN_NAME_PREFIX } from '@gatehouse/domain';
import { DataSource } from 'typeorm';
import { ExpiredTokenStore } from '../ports/expired-token.store';

/** SKIP LOCKED: replicas pruning at the same time take different rows. */
const pruneExpired = (
  table: 'access_tokens' | 'refresh_tokens',
) => `DELETE FROM ${table} WHERE id IN (
  SELECT id FROM ${table} WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`;

/** Job tokens only: the personal tokens people make stay listed, expired, until they delete them. */
const PRUNE_EXPIRED_JOB_TOKENS = `DELETE FROM personal_access_tokens WHERE id IN (
  SELECT id FROM personal_access_tokens
   WHERE role = 'fineGrained' AND starts_with(name, $3) AND expires_at < $1
   LIMIT $2 FOR UPDATE SKIP LOCKED)`;

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

  async pruneJobTokens(before: Date, limit: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(PRUNE_EXPIRED_JOB_TOKENS, [
      before,
      limit,
      JOB_TOKEN_NAME_PREFIX,
    ]);
    return deleted;
  }
}
