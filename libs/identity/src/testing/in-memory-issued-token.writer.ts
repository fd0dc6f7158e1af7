import type { Transaction } from '../transactions/ports/transaction';
import { IssuedTokenRows, IssuedTokenWriter } from '../tokens/ports/issued-token.writer';
import { InMemoryTokenStore } from './in-memory-token.store';
import { RecordingOutbox } from './in-memory-outbox.writer';

/** Test double of IssuedTokenWriter: the rows go to the in-memory token store, the events to the recording outbox. */
export class InMemoryIssuedTokenWriter extends IssuedTokenWriter {
  constructor(
    private readonly tokens: InMemoryTokenStore,
    private readonly outbox: RecordingOutbox,
  ) {
    super();
  }

  async write(tx: Transaction, rows: IssuedTokenRows): Promise<void> {
    this.tokens.insertAccessToken(rows.accessToken);
    if (rows.refreshToken) this.tokens.insertRefreshToken(rows.refreshToken);
    for (const event of rows.events) await this.outbox.append(tx, event);
  }
}
