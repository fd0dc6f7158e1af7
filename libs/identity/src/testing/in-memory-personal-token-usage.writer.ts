import type { PersonalTokenRecord } from '../tokens/ports/token-records';
import {
  PersonalTokenUse,
  PersonalTokenUsageWriter,
} from '../principal/ports/personal-token-usage.writer';

/** PersonalTokenUsageWriter over the in-memory token rows; counts its writes (one statement each in SQL). */
export class InMemoryPersonalTokenUsageWriter extends PersonalTokenUsageWriter {
  writes = 0;

  constructor(private readonly rows: PersonalTokenRecord[]) {
    super();
  }

  async recordUses(uses: readonly PersonalTokenUse[]): Promise<void> {
    if (uses.length === 0) return;
    this.writes += 1;
    for (const use of uses) {
      const row = this.rows.find((candidate) => candidate.id === use.tokenId);
      if (!row || (row.lastUsedAt && row.lastUsedAt >= use.at)) continue;
      row.lastUsedAt = use.at;
      row.lastUsedAddress = use.address ?? row.lastUsedAddress;
      row.lastUsedClient = use.client ?? row.lastUsedClient;
    }
  }
}
