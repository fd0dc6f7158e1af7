import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { LiveSignInsReader, type LiveOAuthTokens } from '../ports/live-sign-ins.reader';

@Injectable()
export class SqlLiveSignInsReader extends LiveSignInsReader {
  async liveOAuthTokensOf(tx: Transaction, userId: string, now: Date): Promise<LiveOAuthTokens> {
    const manager = entityManagerOf(tx);
    const families = (await manager.query(
      `SELECT DISTINCT family_id FROM refresh_tokens
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
      [userId, now],
    )) as Array<{ family_id: string }>;
    const refreshFamilyIds = families.map((row) => row.family_id);
    const accessTokens = (await manager.query(
      `SELECT id FROM access_tokens
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
          AND (refresh_family_id IS NULL OR NOT (refresh_family_id = ANY($3::char(24)[])))`,
      [userId, now, refreshFamilyIds],
    )) as Array<{ id: string }>;
    return { refreshFamilyIds, accessTokenIds: accessTokens.map((row) => row.id) };
  }
}
