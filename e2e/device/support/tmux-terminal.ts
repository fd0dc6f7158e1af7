import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { waitUntil } from '@gatehouse/testing';

function tmuxAvailable(): void {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'pipe' });
  } catch {
    throw new Error(
      'tmux is not installed: the terminal tests run the CLI in a tmux pane (apt-get install tmux)',
    );
  }
}

/** POSIX shell quoting of one word. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A command running in a real terminal: a detached tmux session on a tmux server of its own
 * (its own socket, so nothing else's sessions are touched), read back with `capture-pane`.
 */
export class TmuxTerminal {
  private readonly socket = `gatehouse-e2e-${randomBytes(6).toString('hex')}`;
  private readonly session = 'cli';

  constructor(
    readonly command: string,
    cwd: string,
  ) {
    tmuxAvailable();
    // The shell stays open after the command, so its last screen can still be read.
    execFileSync(
      'tmux',
      [
        '-L',
        this.socket,
        'new-session',
        '-d',
        '-s',
        this.session,
        '-x',
        '200',
        '-y',
        '50',
        '-c',
        cwd,
        `${command}; echo "[exit $?]"; sleep 600`,
      ],
      {
        stdio: 'pipe',
      },
    );
  }

  /** The pane's text, wrapped lines joined. */
  screen(): string {
    return execFileSync(
      'tmux',
      ['-L', this.socket, 'capture-pane', '-p', '-J', '-t', this.session],
      { encoding: 'utf8' },
    );
  }

  /** Waits until the screen matches `pattern`; the last screen is in the error otherwise. */
  async waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    let text = '';
    return waitUntil(
      `the terminal to show ${pattern}`,
      () => {
        text = this.screen();
        return pattern.exec(text);
      },
      { timeoutMs, detail: () => `it shows:\n${text}` },
    );
  }

  /** Ends this test's tmux server (and the command in it). */
  close(): void {
    try {
      execFileSync('tmux', ['-L', this.socket, 'kill-server'], { stdio: 'pipe' });
    } catch {
      // Already gone.
    }
  }
}
