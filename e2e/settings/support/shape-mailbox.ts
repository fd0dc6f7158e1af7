import {
  ALL_IN_ONE,
  linkInMail,
  readableMail,
  type SHAPES,
  type ShapeTarget,
  type SmtpTestServer,
  waitUntil,
} from '@gatehouse/testing';

export interface ShapeMailbox {
  /** The text of the newest message to `to` whose subject starts with `subject`, once it arrived. */
  text(to: string, subject: string): Promise<string>;
  /** The link starting with `prefix` in that message. */
  link(to: string, subject: string, prefix: string): Promise<string>;
}

/** The all-in-one keeps its mail at /dev/mailbox; the distributed shape sends to a real SMTP server. */
export function mailboxOf(
  shape: (typeof SHAPES)[number],
  target: ShapeTarget,
  smtp: SmtpTestServer,
): ShapeMailbox {
  /** The message as received: the mailbox's text, or the SMTP server's raw RFC 5322 text. */
  const newest = async (to: string, subject: string): Promise<string | null> => {
    if (shape === ALL_IN_ONE) {
      const res = await fetch(`${target.url}/dev/mailbox/messages`);
      const { messages } = (await res.json()) as {
        messages: Array<{ to: string; subject: string; text: string }>;
      };
      return messages.find((m) => m.to === to && m.subject.startsWith(subject))?.text ?? null;
    }
    const message = [...smtp.received]
      .reverse()
      .find((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`));
    return message?.raw ?? null;
  };
  const text = async (to: string, subject: string): Promise<string> => {
    let found: string | null = null;
    await waitUntil(`a message "${subject}" to ${to}`, async () => {
      found = await newest(to, subject);
      return found !== null;
    });
    return readableMail(found!);
  };
  return {
    text,
    async link(to, subject, prefix) {
      let found: string | null = null;
      await waitUntil(`a link ${prefix}… in "${subject}" to ${to}`, async () => {
        const message = await newest(to, subject);
        found = message ? linkInMail(message, prefix) : null;
        return found !== null;
      });
      return found!;
    },
  };
}
