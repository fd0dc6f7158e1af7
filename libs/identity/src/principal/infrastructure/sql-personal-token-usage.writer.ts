import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PersonalTokenUse, PersonalTokenUsageWriter } from '../ports/personal-token-usage.writer';

const RECORD_USES = `UPDATE personal_access_tokens t
SET last_used_at = u.at,
    last_used_address = COALESCE(u.address, t.last_used_address),
    last_used_client = COALESCE(u.client, t.last_used_client)
FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[]) AS u(id, at, address, client)
WHERE t.id = u.id AND (t.last_used_at IS NULL OR t.last_used_at < u.at)`;

/** PersonalTokenUsageWriter in one UPDATE over unnested arrays, whatever the batch's size. */
@Injectable()
export class SqlPersonalTokenUsageWriter extends PersonalTokenUsageWriter {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async recordUses(uses: readonly PersonalTokenUse[]): Promise<void> {
    if (uses.length === 0) return;
    await this.dataSource.query(RECORD_USES, [
      uses.map((use) => use.tokenId),
      uses.map((use) => use.at),
      uses.map((use) => use.address),
      uses.map((use) => use.client),
    ]);
  }
}
