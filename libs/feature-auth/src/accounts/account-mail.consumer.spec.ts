import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import type { IdentityOptions } from '@gatehouse/identity';
import {
  ImmediateTransactionRunner,
  PredictableRandom,
  RecordingOutbox,
  TEST_ENCRYPTION_KEY,
} from '@gatehouse/identity/testing';
import { InMemoryMailTransport } from '@gatehouse/mail/testing';
import { type IncomingMessage, Topics } from '@gatehouse/messaging';
import { AccountMailRequests, type AccountMailRequest } from './account-mail-requests';
import { AccountMailConsumer } from './account-mail.consumer';
import type { AccountsOptions } from './accounts-options';

const OPTIONS: AccountsOptions = {
  issuer: 'https://hub.example',
  signUp: 'open',
  deletionGraceDays: 7,
};
const SECRET = 'Zk3bY0uLdNeverSeeThisInTheOutbox0123456789a';

describe('AccountMailConsumer', () => {
  function kit() {
    const outbox = new RecordingOutbox();
    const requests = new AccountMailRequests(outbox, new PredictableRandom(), new FrozenClock(), {
      encryptionKey: TEST_ENCRYPTION_KEY,
    } as IdentityOptions);
    const mail = new InMemoryMailTransport();
    const consumer = new AccountMailConsumer(requests, mail, new MemoryFlowStore(), OPTIONS);
    const request = async (message: AccountMailRequest): Promise<IncomingMessage> => {
      await requests.request(ImmediateTransactionRunner.transaction, message);
      const written = outbox.messages.at(-1)!;
      return {
        topic: Topics.accountMail,
        partition: 0,
        offset: '0',
        timestamp: 0,
        key: written.key,
        value: written.value,
        headers: written.headers ?? {},
      };
    };
    return { outbox, mail, consumer, request };
  }

  it('keeps the link secret sealed in the outbox and puts it in the message it sends', async () => {
    const { outbox, mail, consumer, request } = kit();
    const message = await request({
      template: 'reset_password',
      userId: 'u-ada',
      username: 'ada',
      to: 'ada@example.com',
      token: SECRET,
    });
    expect(outbox.messages[0]!.topic).toBe(Topics.accountMail);
    expect(outbox.messages[0]!.value).not.toContain(SECRET);

    await consumer.handle(message);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({
      id: 'account-aaaaaaaa0000000000000001',
      to: 'ada@example.com',
      subject: 'Reset your password for hub.example',
    });
    expect(mail.sent[0]!.text).toContain(
      `Choose a new password: https://hub.example/oauth/reset-password?token=${SECRET}`,
    );
  });

  it('sends a message once however often its event is read', async () => {
    const { mail, consumer, request } = kit();
    const message = await request({
      template: 'password_changed',
      userId: 'u-ada',
      username: 'ada',
      to: 'ada@example.com',
    });
    await consumer.handle(message);
    await consumer.handle(message);
    expect(mail.sent.map((sent) => sent.subject)).toEqual([
      'Your password for hub.example was changed',
    ]);
  });

  it('tries again when the server refused: nothing is marked sent', async () => {
    const { mail, consumer, request } = kit();
    const message = await request({
      template: 'confirm_email',
      userId: 'u-ada',
      username: 'ada',
      to: 'ada@example.com',
      token: SECRET,
    });
    mail.failNext = 1;
    await expect(consumer.handle(message)).rejects.toThrow(
      'the test SMTP server refused the message',
    );
    await consumer.handle(message);
    expect(mail.sent).toHaveLength(1);
  });

  it('refuses a sealed secret moved to another message', async () => {
    const { consumer, request } = kit();
    const first = await request({
      template: 'confirm_email',
      userId: 'u-ada',
      username: 'ada',
      to: 'ada@example.com',
      token: SECRET,
    });
    const second = await request({
      template: 'confirm_email',
      userId: 'u-eve',
      username: 'eve',
      to: 'eve@example.com',
      token: 'another-secret',
    });
    const firstData = JSON.parse(first.value) as { data: { sealedToken: string } };
    const forged = JSON.parse(second.value) as { data: { sealedToken: string } };
    forged.data.sealedToken = firstData.data.sealedToken;
    await expect(consumer.handle({ ...second, value: JSON.stringify(forged) })).rejects.toThrow(
      'sealed secret was altered or sealed with another key',
    );
  });
});
