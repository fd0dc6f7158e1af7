/** One e-mail, as a template renders it and a transport sends it. */
export interface MailMessage {
  /**
   * Unique per message and stable across retries: the `Message-ID` (`<id@gatehouse>`), so a
   * message sent again after a crash is recognisably the same one.
   */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The HTML of a message: its paragraphs (plain text, escaped here) in a minimal document, and an
 * optional button-like link. Mail clients render little CSS; this keeps to inline styles.
 */
export function htmlMail(options: {
  title: string;
  paragraphs: readonly string[];
  link?: { href: string; label: string };
}): string {
  const paragraphs = options.paragraphs
    .map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`)
    .join('\n');
  const link = options.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(options.link.href)}" style="background:#1f6feb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(options.link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f2328;max-width:560px;margin:24px auto;padding:0 16px">
${paragraphs}
${link}
<p style="margin:32px 0 0;color:#59636e;font-size:13px">Sent by Gatehouse. You get this message because of your account; you cannot reply to it.</p>
</body></html>
`;
}
