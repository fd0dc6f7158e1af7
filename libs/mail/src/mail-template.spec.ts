import { defineMailTemplate, renderMail } from './mail-template';

const welcome = defineMailTemplate<{ username: string; link: string }>({
  subject: ({ username }) => `Welcome, ${username}`,
  paragraphs: ({ username }) => [`Hello ${username},`, 'Confirm your address <now>.'],
  link: ({ link }) => ({ href: link, label: 'Confirm' }),
});

describe('renderMail', () => {
  const mail = renderMail(
    welcome,
    { username: 'ada', link: 'https://hub.test/confirm?t=a&b' },
    { id: 'confirm-1', to: 'ada@example.com' },
  );

  it('keeps the id and the address, and renders the subject', () => {
    expect(mail).toMatchObject({ id: 'confirm-1', to: 'ada@example.com', subject: 'Welcome, ada' });
  });

  it('renders the text as paragraphs with the link spelled out', () => {
    expect(mail.text).toBe(
      'Hello ada,\n\nConfirm your address <now>.\n\nConfirm: https://hub.test/confirm?t=a&b\n\n-- \nSent by Gatehouse. You get this message because of your account; you cannot reply to it.\n',
    );
  });

  it('renders the HTML escaped, with the link as its action', () => {
    expect(mail.html).toContain('<p style="margin:0 0 16px">Confirm your address &lt;now&gt;.</p>');
    expect(mail.html).toContain('href="https://hub.test/confirm?t=a&amp;b"');
    expect(mail.html).toContain('<title>Welcome, ada</title>');
  });

  it('renders a template without a link', () => {
    const notice = defineMailTemplate<null>({
      subject: () => 'Changed',
      paragraphs: () => ['Your password was changed.'],
    });
    const rendered = renderMail(notice, null, { id: 'n', to: 'a@example.com' });
    expect(rendered.text.startsWith('Your password was changed.\n\n-- \n')).toBe(true);
    expect(rendered.html).not.toContain('<a ');
  });
});
