/**
 * The text of a raw RFC 5322 message as a reader sees it: quoted-printable soft line breaks
 * joined and escapes decoded, so a long link reads whole. Enough for the messages Gatehouse sends
 * (UTF-8 text parts, all quoted-printable or none); not a MIME parser.
 */
export function readableMail(raw: string): string {
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(raw)) return raw;
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link of a message that starts with `prefix` (`https://hub.test/oauth/reset-password?token=`). */
export function linkInMail(raw: string, prefix: string): string {
  const text = readableMail(raw);
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting ${prefix} in the message`);
  return /^[^\s"<>]+/.exec(text.slice(start))![0];
}
