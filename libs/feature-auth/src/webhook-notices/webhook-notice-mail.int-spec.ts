import { MailModule } from '@gatehouse/mail';
import { Topics, webhookNoticeRaisedEvent } from '@gatehouse/messaging';
import { appendOutbox } from '@gatehouse/persistence';
import { MessagingModule } from '@gatehouse/platform';
import {
  readableMail,
  type SmtpTestServer,
  startSmtpTestServer,
  staysTrueFor,
  waitUntil,
} from '@gatehouse/testing';
import { startTokenTestApp, type TokenTestApp } from '../testing/token-test-app';
import { WebhookNoticeMailModule } from './webhook-notice-mail.module';

const WEBHOOK = '6b0000000000000000000001';

describe('webhook notices by e-mail, from the outbox through the bus to an SMTP server', () => {
  let app: TokenTestApp;
  let smtp: SmtpTestServer;
  let ada: string;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    app = await startTokenTestApp([
      MessagingModule.forRoot({ type: 'in-process', outboxRelay: true }),
      MailModule.forRoot({ smtpUrl: smtp.url, from: 'Hub <no-reply@hub.example>' }),
      WebhookNoticeMailModule.forRoot({ issuer: 'https://hub.example' }),
    ]);
    ada = (await app.seedUser('ada')).id;
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  async function raise(notice: 'started_failing' | 'disabled'): Promise<void> {
    const noticeId = `${WEBHOOK}-${notice}-1767225600000`;
    const message = webhookNoticeRaisedEvent.encode(
      {
        noticeId,
        webhookId: WEBHOOK,
        ownerId: ada,
        notice,
        target: 'https://receiver.example/hook',
        failingSince: '2026-01-01T00:00:00.000Z',
        lastError: 'the receiver answered HTTP 500',
        raisedAt: '2026-01-01T00:00:00.000Z',
      },
      { key: WEBHOOK, id: noticeId, time: new Date() },
    );
    await app.dataSource.transaction((manager) =>
      appendOutbox(manager, { topic: Topics.webhookNotices, ...message }),
    );
  }

  it('mails the owner once per notice, however often it is published', async () => {
    await raise('started_failing');
    await raise('started_failing');
    await waitUntil('the owner told', () => smtp.received.length === 1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['ada@example.com']);
    const text = readableMail(mail!.raw);
    expect(text).toContain('Subject: A webhook of yours started failing');
    expect(text).toContain('https://hub.example/settings/webhooks/' + WEBHOOK);

    await raise('disabled');
    await waitUntil('the disable told', () => smtp.received.length === 2);
    expect(readableMail(smtp.received[1]!.raw)).toContain(
      'Subject: A webhook of yours was disabled',
    );
    await staysTrueFor('no third message', () => smtp.received.length === 2, 500);
  });
});
