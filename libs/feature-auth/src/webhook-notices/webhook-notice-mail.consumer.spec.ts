import { MemoryFlowStore } from '@gatehouse/flow-state';
import { InMemoryAccounts } from '@gatehouse/identity/testing';
import { InMemoryMailTransport } from '@gatehouse/mail/testing';
import {
  type IncomingMessage,
  Topics,
  type WebhookNoticeRaisedData,
  webhookNoticeRaisedEvent,
} from '@gatehouse/messaging';
import { WebhookNoticeMailConsumer } from './webhook-notice-mail.consumer';

const ISSUER = 'https://hub.example';
const WEBHOOK = 'aaaaaaaaaaaaaaaaaaaaaaa1';

describe('WebhookNoticeMailConsumer', () => {
  const accounts = new InMemoryAccounts();
  const ada = accounts.addUser({ id: 'u-ada', username: 'ada', email: 'ada@example.com' });
  accounts.addUser({ id: 'u-nomail', username: 'nomail', email: '' });

  function aNotice(overrides: Partial<WebhookNoticeRaisedData> = {}): IncomingMessage {
    const data: WebhookNoticeRaisedData = {
      noticeId: `${WEBHOOK}-started_failing-1767225600000`,
      webhookId: WEBHOOK,
      ownerId: ada.id,
      notice: 'started_failing',
      target: 'https://receiver.example/hook',
      failingSince: '2026-01-01T00:00:00.000Z',
      lastError: 'the receiver answered HTTP 500',
      raisedAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    };
    const message = webhookNoticeRaisedEvent.encode(data, {
      key: WEBHOOK,
      id: data.noticeId,
      time: new Date(data.raisedAt),
    });
    return {
      topic: Topics.webhookNotices,
      partition: 0,
      offset: '0',
      timestamp: 0,
      key: message.key,
      value: message.value,
      headers: message.headers ?? {},
    };
  }

  function kit() {
    const mail = new InMemoryMailTransport();
    const consumer = new WebhookNoticeMailConsumer(accounts, mail, new MemoryFlowStore(), {
      issuer: ISSUER,
    });
    return { mail, consumer };
  }

  it('tells the owner which webhook fails, since when, the last error, and links its page', async () => {
    const { mail, consumer } = kit();
    await consumer.handle(aNotice());
    expect(mail.sent).toHaveLength(1);
    const [message] = mail.sent;
    expect(message).toMatchObject({
      id: `webhook-notice-${WEBHOOK}-started_failing-1767225600000`,
      to: 'ada@example.com',
      subject: 'A webhook of yours started failing',
    });
    expect(message!.text).toContain(
      'Your webhook to https://receiver.example/hook started failing at 2026-01-01T00:00:00.000Z. The last error: the receiver answered HTTP 500.',
    );
    expect(message!.text).toContain(`Your webhook: ${ISSUER}/settings/webhooks/${WEBHOOK}`);
  });

  it('sends each notice once however often its event is read, and each transition its own', async () => {
    const { mail, consumer } = kit();
    await consumer.handle(aNotice());
    await consumer.handle(aNotice());
    await consumer.handle(
      aNotice({ noticeId: `${WEBHOOK}-disabled-1767225600000`, notice: 'disabled' }),
    );
    expect(mail.sent.map((message) => message.subject)).toEqual([
      'A webhook of yours started failing',
      'A webhook of yours was disabled',
    ]);
    expect(mail.sent[1]!.text).toContain('choose Re-enable');
  });

  it('skips an owner without an address, and a server that refuses has the event tried again', async () => {
    const { mail, consumer } = kit();
    await consumer.handle(aNotice({ ownerId: 'u-nomail' }));
    expect(mail.sent).toEqual([]);
    mail.failNext = 1;
    await expect(consumer.handle(aNotice())).rejects.toThrow('refused');
    await consumer.handle(aNotice());
    expect(mail.sent).toHaveLength(1);
  });
});
