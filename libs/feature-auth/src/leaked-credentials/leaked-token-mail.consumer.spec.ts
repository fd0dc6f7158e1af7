import { MemoryFlowStore } from '@gatehouse/flow-state';
import { InMemoryAccounts } from '@gatehouse/identity/testing';
import { InMemoryMailTransport } from '@gatehouse/mail/testing';
import { type IncomingMessage, Topics } from '@gatehouse/messaging';
import { tokenLeakedMessage } from './leaked-credential-events';
import { LeakedTokenMailConsumer } from './leaked-token-mail.consumer';

const ISSUER = 'https://hub.example';

describe('LeakedTokenMailConsumer', () => {
  const accounts = new InMemoryAccounts();
  const ada = accounts.addUser({ id: 'u-ada', username: 'ada', email: 'ada@example.com' });
  accounts.addUser({ id: 'u-nomail', username: 'nomail', email: '' });

  const incoming = (message: { key: string; value: string; headers?: Record<string, string> }) =>
    ({
      topic: Topics.tokenEvents,
      partition: 0,
      offset: '0',
      timestamp: 0,
      key: message.key,
      value: message.value,
      headers: message.headers ?? {},
    }) satisfies IncomingMessage;

  const leaked = (fields: { id?: string; userId?: string; tokenName?: string | null } = {}) =>
    incoming(
      tokenLeakedMessage({
        id: fields.id ?? 'notice-1',
        userId: fields.userId ?? ada.id,
        tokenKind: 'personal',
        tokenId: 'tok-1',
        tokenName: fields.tokenName === undefined ? 'laptop' : fields.tokenName,
        clientId: null,
        reportedAt: new Date('2026-11-27T10:00:00Z'),
        revokedAt: new Date('2026-11-27T10:00:02Z'),
        dismissedAt: null,
      }),
    );

  function consumer() {
    const mail = new InMemoryMailTransport();
    return {
      mail,
      consumer: new LeakedTokenMailConsumer(accounts, mail, new MemoryFlowStore(), {
        issuer: ISSUER,
      }),
    };
  }

  it('tells the owner at their address which token was revoked, and where to make a new one', async () => {
    const { mail, consumer: mailer } = consumer();
    await mailer.handle(leaked());
    expect(mail.sent).toHaveLength(1);
    const [message] = mail.sent;
    expect(message).toMatchObject({
      id: 'leaked-token-notice-1',
      to: 'ada@example.com',
      subject: 'A token of yours was reported leaked and has been revoked',
    });
    expect(message!.text).toContain('your access token "laptop"');
    expect(message!.text).toContain(`${ISSUER}/settings/tokens`);
    expect(message!.html).toContain(`href="${ISSUER}/settings/tokens"`);
  });

  it('sends once when the event is read again', async () => {
    const { mail, consumer: mailer } = consumer();
    await mailer.handle(leaked());
    await mailer.handle(leaked());
    expect(mail.sent).toHaveLength(1);
  });

  it('throws when the server refuses, and sends on the next try', async () => {
    const { mail, consumer: mailer } = consumer();
    mail.failNext = 1;
    await expect(mailer.handle(leaked())).rejects.toThrow('refused');
    await mailer.handle(leaked());
    expect(mail.sent.map((message) => message.id)).toEqual(['leaked-token-notice-1']);
  });

  it('escapes what the owner named the token in the HTML', async () => {
    const { mail, consumer: mailer } = consumer();
    await mailer.handle(leaked({ tokenName: '<img src=x onerror=alert(1)>' }));
    expect(mail.sent[0]!.html).not.toContain('<img');
    expect(mail.sent[0]!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('skips an owner without an address or gone, and every other token event', async () => {
    const { mail, consumer: mailer } = consumer();
    await mailer.handle(leaked({ id: 'n-2', userId: 'u-nomail' }));
    await mailer.handle(leaked({ id: 'n-3', userId: 'u-gone' }));
    await mailer.handle(
      incoming({
        key: ada.id,
        value: '{"not":"read"}',
        headers: { 'gatehouse-event-type': 'token.issued' },
      }),
    );
    expect(mail.sent).toEqual([]);
  });
});
