import type { EntityManager } from 'typeorm';
import { IssuedTokenRows, IssuedTokenWriter } from '../store/issued-token-writer';
import { InMemoryTokenStore } from './in-memory-token-store';
import { RecordingOutbox } from './recording-outbox';

/** Test double of IssuedTokenWriter: the rows go to the in-memory token store, the events to the recording outbox. */
export class InMemoryIssuedTokenWriter extends IssuedTokenWriter {
  constructor(
    private readonly tokens: InMemoryTokenStore,
    private readonly outbox: RecordingOutbox,
  ) {
    super();
  }

  async write(manager: EntityManager, rows: IssuedTokenRows): Promise<void> {
    if (rows.rotated) await this.tokens.markRefreshTokenUsed(manager, rows.rotated.refreshTokenId, rows.rotated.usedAt);
    await this.tokens.insertAccessToken(manager, rows.accessToken);
    if (rows.refreshToken) await this.tokens.insertRefreshToken(manager, rows.refreshToken);
    for (const event of rows.events) await this.outbox.append(manager, event);
  }
}
