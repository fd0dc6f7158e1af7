import { NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMailTransport } from '../infrastructure/file-mail-transport';
import { InMemoryMailTransport } from '../testing/in-memory-mail-transport';
import { MailboxController } from './mailbox.controller';

describe('MailboxController', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'gatehouse-mailbox-page-'));
    await new FileMailTransport(directory, 'gatehouse@localhost').send({
      id: 'm1',
      to: 'ada@example.com',
      subject: 'Hello',
      text: 'Words',
      html: '<p>Words</p>',
    });
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const from = (remoteAddress: string) => ({ socket: { remoteAddress } }) as unknown as Request;

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('lists the mailbox to %s', async (peer) => {
    const controller = new MailboxController(
      new FileMailTransport(directory, 'gatehouse@localhost'),
    );
    const { messages } = await controller.list(from(peer));
    expect(messages.map((message) => message.subject)).toEqual(['Hello']);
  });

  it.each(['192.0.2.10', '10.0.0.5', '2001:db8::1'])(
    'is not found from %s, whatever it forwards',
    async (peer) => {
      const controller = new MailboxController(
        new FileMailTransport(directory, 'gatehouse@localhost'),
      );
      await expect(controller.list(from(peer))).rejects.toBeInstanceOf(NotFoundException);
    },
  );

  it('is not found with another transport', async () => {
    const controller = new MailboxController(new InMemoryMailTransport());
    await expect(controller.list(from('127.0.0.1'))).rejects.toBeInstanceOf(NotFoundException);
  });
});
