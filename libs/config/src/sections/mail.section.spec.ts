import { loadAllInOneConfig } from '../apps/all-in-one.config';
import { ConfigError } from '../config.error';

// The mail settings through the all-in-one's loader: what each value builds, and the message
// naming the variable to change, never echoing its value (an SMTP URL holds a password).

function problemsOf(env: Record<string, string>): string {
  try {
    loadAllInOneConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration loaded');
}

describe('the mail section', () => {
  it('sends nowhere by default, as Gatehouse <gatehouse@localhost>', () => {
    expect(loadAllInOneConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Gatehouse <gatehouse@localhost>',
    });
  });

  it.each(['smtp://mailer:s3cret@smtp.example:587', 'smtps://smtp.example:465'])(
    'takes the SMTP server %s',
    (url) => {
      expect(loadAllInOneConfig({ GATEHOUSE_SMTP_URL: url }).mail.smtpUrl).toBe(url);
    },
  );

  it.each(['Hub <no-reply@hub.example>', 'no-reply@hub.example'])('takes the sender %s', (from) => {
    expect(loadAllInOneConfig({ GATEHOUSE_MAIL_FROM: from }).mail.from).toBe(from);
  });

  it('refuses another scheme without repeating the URL', () => {
    const message = problemsOf({ GATEHOUSE_SMTP_URL: 'https://user:hunter2@mail.example' });
    expect(message).toContain('GATEHOUSE_SMTP_URL');
    expect(message).toContain('must be a smtp:// or smtps:// URL');
    expect(message).not.toContain('hunter2');
  });

  it.each(['no-reply', 'Hub <no reply@hub.example>', 'a@b.example\nBcc: x@y.example'])(
    'refuses the sender %j',
    (from) => {
      expect(problemsOf({ GATEHOUSE_MAIL_FROM: from })).toContain(
        'GATEHOUSE_MAIL_FROM: must be an e-mail address',
      );
    },
  );
});
