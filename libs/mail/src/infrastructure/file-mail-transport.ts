import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage } from '../mail-message';
import { MailTransport } from '../ports/mail-transport';

/** A message kept in the local mailbox, with when it arrived. */
export interface MailboxEntry extends MailMessage {
  from: string;
  receivedAt: string;
}

/** Messages the mailbox keeps; the oldest beyond it are not listed. */
const LISTED = 200;

/**
 * The all-in-one's mailbox when no SMTP server is configured: each message a JSON file under the
 * data directory (`<GATEHOUSE_DATA_DIR>/mailbox`), named by arrival time and id, so a developer
 * reads what Gatehouse would have sent at `/dev/mailbox`. Writing the same message id again
 * replaces it: a retried message is kept once.
 */
export class FileMailTransport extends MailTransport {
  readonly description: string;

  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
    this.description = `the local mailbox in ${directory}`;
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const existing = (await this.fileNames()).find((name) => name.endsWith(`-${message.id}.json`));
    const entry: MailboxEntry = {
      ...message,
      from: this.from,
      receivedAt: this.now().toISOString(),
    };
    const name = existing ?? `${entry.receivedAt.replaceAll(':', '')}-${message.id}.json`;
    const partial = join(this.directory, `.${name}.partial`);
    await writeFile(partial, JSON.stringify(entry), { mode: 0o600 });
    await rename(partial, join(this.directory, name));
  }

  /** The newest messages first. */
  async list(): Promise<MailboxEntry[]> {
    const names = (await this.fileNames()).sort().reverse().slice(0, LISTED);
    return Promise.all(
      names.map(
        async (name) =>
          JSON.parse(await readFile(join(this.directory, name), 'utf8')) as MailboxEntry,
      ),
    );
  }

  async close(): Promise<void> {}

  private async fileNames(): Promise<string[]> {
    try {
      return (await readdir(this.directory)).filter(
        (name) => name.endsWith('.json') && !name.startsWith('.'),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
