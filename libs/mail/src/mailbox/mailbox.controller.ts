import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { isLoopbackAddress } from '@gatehouse/domain';
import type { Request, Response } from 'express';
import { FileMailTransport, type MailboxEntry } from '../infrastructure/file-mail-transport';
import { escapeHtml } from '../mail-message';
import { MailTransport } from '../ports/mail-transport';

/**
 * The all-in-one's local mailbox (no SMTP server configured): what Gatehouse would have sent, to
 * a developer on the same machine. Mounted only with the file transport, and answering only a
 * loopback peer (the TCP peer, never a forwarded address): elsewhere it is a 404 like any unknown
 * path. `/dev/mailbox` is a page, `/dev/mailbox/messages` the same as JSON, newest first.
 */
@Controller('dev/mailbox')
export class MailboxController {
  constructor(@Inject(MailTransport) private readonly transport: MailTransport) {}

  @Get()
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    const messages = await this.messages(req);
    const items = messages.map(
      (message) => `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p>To ${escapeHtml(message.to)}, ${escapeHtml(message.receivedAt)}</p>
<pre>${escapeHtml(message.text)}</pre>
</article>`,
    );
    res
      .setHeader('Content-Type', 'text/html; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .send(
        `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gatehouse mailbox</title></head>
<body><main>
<h1>Mailbox</h1>
<p>Messages Gatehouse would have sent, newest first. Set GATEHOUSE_SMTP_URL to send them instead.</p>
${items.length > 0 ? items.join('\n') : '<p>No messages yet.</p>'}
</main></body></html>
`,
      );
  }

  @Get('messages')
  async list(@Req() req: Request): Promise<{ messages: MailboxEntry[] }> {
    return { messages: await this.messages(req) };
  }

  private async messages(req: Request): Promise<MailboxEntry[]> {
    const peer = req.socket.remoteAddress ?? '';
    if (!(this.transport instanceof FileMailTransport) || !isLoopbackAddress(peer))
      throw new NotFoundException();
    return this.transport.list();
  }
}
