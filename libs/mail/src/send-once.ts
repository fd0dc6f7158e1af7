import type { FlowStore } from '@gatehouse/flow-state';
import type { MailMessage } from './mail-message';
import type { MailTransport } from './ports/mail-transport';

/** How long a sent message is remembered, so its event read again sends nothing. */
const SENT_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Sends the message of `mailId` at most once per event: skipped when flow state already marks it
 * sent (`mail:sent:<mailId>`), else composed (null: nothing to send, nothing marked), sent, and
 * marked once the server accepted it. One sent just before a crash is sent again with the same
 * Message-ID (`mailId` is the message's `id`). A server that refuses throws, and the caller's bus
 * tries the event again. Answers the message sent, or null.
 */
export async function sendOnce(
  ports: { flow: Pick<FlowStore, 'get' | 'put'>; mail: MailTransport },
  mailId: string,
  compose: () => MailMessage | null | Promise<MailMessage | null>,
): Promise<MailMessage | null> {
  const sentKey = `mail:sent:${mailId}`;
  if ((await ports.flow.get(sentKey)) !== null) return null;
  const message = await compose();
  if (!message) return null;
  if (message.id !== mailId)
    throw new Error(`the message composed for ${mailId} has the id ${message.id}`);
  await ports.mail.send(message);
  await ports.flow.put(sentKey, '1', SENT_TTL_MS);
  return message;
}
