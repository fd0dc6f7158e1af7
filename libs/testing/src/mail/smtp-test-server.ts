import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it: the envelope and the raw RFC 5322 text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpTestServer {
  /** `smtp://user:password@127.0.0.1:<port>`, for GATEHOUSE_SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on a loopback port, requiring the given
 * credentials, keeping every message it accepts. No STARTTLS: the test connection is plain.
 */
export async function startSmtpTestServer(
  credentials = { user: 'gatehouse', password: 'smtp-test-password' },
): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password)
        callback(null, { user: auth.username });
      else callback(new Error('invalid credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${credentials.user}:${credentials.password}@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
