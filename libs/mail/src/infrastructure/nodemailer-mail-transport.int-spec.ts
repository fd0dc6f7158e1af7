import { startSmtpTestServer, type SmtpTestServer } from '@gatehouse/testing';
import { NodemailerMailTransport } from './nodemailer-mail-transport';

describe('NodemailerMailTransport against an SMTP server', () => {
  let server: SmtpTestServer;

  beforeAll(async () => {
    server = await startSmtpTestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  const message = {
    id: 'leaked-token-n1',
    to: 'ada@example.com',
    subject: 'A token of yours was revoked',
    text: 'Plain words.',
    html: '<p>HTML words.</p>',
  };

  it('delivers the message with its sender, recipient, Message-ID and both parts', async () => {
    const transport = new NodemailerMailTransport(server.url, 'Hub <no-reply@hub.example>');
    try {
      await transport.send(message);
    } finally {
      await transport.close();
    }
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail).toMatchObject({ from: 'no-reply@hub.example', to: ['ada@example.com'] });
    expect(mail!.raw).toContain('Subject: A token of yours was revoked');
    expect(mail!.raw).toContain('Message-ID: <leaked-token-n1@gatehouse>');
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Plain words.');
    expect(mail!.raw).toContain('Content-Type: text/html');
  });

  it('throws when the server refuses its credentials, and names no password', async () => {
    const url = new URL(server.url);
    url.password = 'wrong-password';
    const transport = new NodemailerMailTransport(url.toString(), 'no-reply@hub.example');
    try {
      await expect(transport.send(message)).rejects.toThrow();
    } finally {
      await transport.close();
    }
    expect(transport.description).toBe(`smtp://${url.host}`);
  });
});
