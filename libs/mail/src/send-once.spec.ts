import { MemoryFlowStore } from '@gatehouse/flow-state';
import type { MailMessage } from './mail-message';
import { sendOnce } from './send-once';
import { InMemoryMailTransport } from './testing/in-memory-mail-transport';

function aMessage(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    id: 'notice-1',
    to: 'ada@example.com',
    subject: 'A notice',
    text: 'Hello',
    html: '<p>Hello</p>',
    ...overrides,
  };
}

describe('sendOnce', () => {
  function kit() {
    const ports = { flow: new MemoryFlowStore(), mail: new InMemoryMailTransport() };
    let composed = 0;
    const compose = (): MailMessage => {
      composed += 1;
      return aMessage();
    };
    return { ports, compose, composed: () => composed };
  }

  it('sends a message once however often it is asked for', async () => {
    const { ports, compose, composed } = kit();
    expect(await sendOnce(ports, 'notice-1', compose)).toEqual(aMessage());
    expect(await sendOnce(ports, 'notice-1', compose)).toBeNull();
    expect(ports.mail.sent.map((message) => message.id)).toEqual(['notice-1']);
    expect(composed()).toBe(1);
  });

  it('sends again after a refusal, and marks nothing sent when there is nothing to send', async () => {
    const { ports, compose } = kit();
    ports.mail.failNext = 1;
    await expect(sendOnce(ports, 'notice-1', compose)).rejects.toThrow('refused');
    expect(await sendOnce(ports, 'notice-1', () => null)).toBeNull();
    expect(await sendOnce(ports, 'notice-1', compose)).toEqual(aMessage());
    expect(ports.mail.sent).toHaveLength(1);
  });

  it('refuses a message whose id is not the mail id it is sent under', async () => {
    const { ports } = kit();
    await expect(sendOnce(ports, 'notice-2', () => aMessage())).rejects.toThrow(
      'the message composed for notice-2 has the id notice-1',
    );
    expect(ports.mail.sent).toEqual([]);
  });
});
