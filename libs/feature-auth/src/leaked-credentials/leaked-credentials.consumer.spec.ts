import { tokenRevokedEvent } from '@gatehouse/messaging';
import type { IncomingMessage } from '@gatehouse/messaging';
import type { OutboxMessage } from '@gatehouse/persistence';
import {
  createIdentityTestKit,
  IdentityTestKit,
  aPersonalTokenRecord,
} from '@gatehouse/identity/testing';
import { InMemoryLeakedTokenNoticeStore } from '../testing/in-memory-leaked-token-notice.store';
import { InMemoryLeakedTokenStore } from '../testing/in-memory-leaked-token.store';
import { LeakedCredentialsConsumer } from './leaked-credentials.consumer';
import { ReportLeakedCredentials } from './report-leaked-credentials.use-case';
import { RevokeLeakedCredentials } from './revoke-leaked-credentials.use-case';

const ADA = '65a000000000000000000001';
const PERSONAL = 'hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';

function incoming(message: OutboxMessage, offset = 0): IncomingMessage {
  return {
    topic: message.topic,
    partition: 0,
    offset: String(offset),
    key: message.key,
    value: message.value,
    headers: message.headers ?? {},
    timestamp: 0,
  };
}

describe('leak reports, from the answer to the revocation', () => {
  let kit: IdentityTestKit;
  let tokens: InMemoryLeakedTokenStore;
  let notices: InMemoryLeakedTokenNoticeStore;
  let report: ReportLeakedCredentials;
  let consumer: LeakedCredentialsConsumer;

  beforeEach(() => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: ADA, username: 'ada' });
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: '65b000000000000000000001',
        token: PERSONAL,
        userId: ADA,
        name: 'laptop',
        role: 'write',
        createdAt: new Date(kit.clock.now()),
      }),
    );
    tokens = new InMemoryLeakedTokenStore(kit.tokens);
    notices = new InMemoryLeakedTokenNoticeStore();
    report = new ReportLeakedCredentials(
      kit.transactions,
      kit.outbox,
      kit.random,
      kit.clock,
      { reportsPerAddress: 10, windowSeconds: 60 },
      kit.flow,
    );
    const revoke = new RevokeLeakedCredentials(
      tokens,
      notices,
      kit.revoker,
      kit.principals,
      kit.transactions,
      kit.outbox,
      kit.random,
      kit.clock,
    );
    consumer = new LeakedCredentialsConsumer(revoke);
  });

  it('answers without looking any token up; the consumer revokes afterwards', async () => {
    await report.execute({ body: { credentials: [PERSONAL] }, address: '192.0.2.1' });

    // Answered: nothing was read or revoked yet, the report waits in the outbox.
    expect(tokens.lookups).toBe(0);
    expect(await kit.bearer.resolve(PERSONAL)).not.toBeNull();
    const [queued] = kit.outbox.messages;

    await consumer.handle(incoming(queued!));
    expect(tokens.lookups).toBe(1);
    expect(await kit.bearer.resolve(PERSONAL)).toBeNull();
    expect(notices.notices).toHaveLength(1);

    // Delivered again (at least once): nothing new.
    await consumer.handle(incoming(queued!, 1));
    expect(notices.notices).toHaveLength(1);
  });

  it('passes over another event type by its header, unread', async () => {
    const other = tokenRevokedEvent.encode(
      {
        tokenId: 't1',
        kind: 'access',
        userId: ADA,
        clientId: 'c1',
        reason: 'revocation_request',
        revokedAt: new Date(kit.clock.now()).toISOString(),
      },
      { key: ADA },
    );
    await consumer.handle(incoming({ topic: 'gatehouse.leaked-credentials.v1', ...other }));
    expect(tokens.lookups).toBe(0);
  });

  it('throws on a message that is no report, so the bus dead-letters it', async () => {
    await expect(
      consumer.handle(incoming({ topic: 'gatehouse.leaked-credentials.v1', key: 'k', value: '{' })),
    ).rejects.toThrow('Event value is not JSON');
  });
});
