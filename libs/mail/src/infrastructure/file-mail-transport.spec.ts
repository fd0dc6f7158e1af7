import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMailTransport } from './file-mail-transport';

describe('FileMailTransport (the local mailbox)', () => {
  let directory: string;
  let clock: number;

  beforeEach(async () => {
    directory = join(await mkdtemp(join(tmpdir(), 'gatehouse-mailbox-')), 'mailbox');
    clock = Date.UTC(2026, 10, 27, 9);
  });

  afterEach(async () => {
    await rm(join(directory, '..'), { recursive: true, force: true });
  });

  const transport = () =>
    new FileMailTransport(
      directory,
      'Gatehouse <gatehouse@localhost>',
      () => new Date((clock += 1000)),
    );
  const message = (id: string, subject = `subject ${id}`) => ({
    id,
    to: 'ada@example.com',
    subject,
    text: 'text',
    html: '<p>html</p>',
  });

  it('lists nothing before the first message, without creating the directory', async () => {
    expect(await transport().list()).toEqual([]);
  });

  it('keeps each message, newest first, readable by its owner only', async () => {
    const mailbox = transport();
    await mailbox.send(message('m1'));
    await mailbox.send(message('m2'));
    expect((await mailbox.list()).map((entry) => [entry.id, entry.from])).toEqual([
      ['m2', 'Gatehouse <gatehouse@localhost>'],
      ['m1', 'Gatehouse <gatehouse@localhost>'],
    ]);
    expect((await stat(directory)).mode & 0o777).toBe(0o700);
    for (const name of await readdir(directory))
      expect((await stat(join(directory, name))).mode & 0o777).toBe(0o600);
  });

  it('keeps a message sent again once', async () => {
    const mailbox = transport();
    await mailbox.send(message('m1', 'first'));
    await mailbox.send(message('m1', 'again'));
    expect((await mailbox.list()).map((entry) => entry.subject)).toEqual(['again']);
  });
});
