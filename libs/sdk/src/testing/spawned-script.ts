import { spawn, type ChildProcess } from 'node:child_process';
import { waitUntil } from './wait-until';

/** A Node script run as a child process, with its output watched line by line. */
export class SpawnedScript {
  private output = '';
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static run(file: string, env: Record<string, string | undefined>, cwd: string): SpawnedScript {
    return new SpawnedScript(
      spawn(process.execPath, [file], {
        cwd,
        env: env as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
  }

  get text(): string {
    return this.output;
  }

  /** Resolves the first match of `pattern` in the output; fails with the output so far if the script exits or time runs out. */
  async waitFor(pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
    let exitCode: number | null | undefined;
    void this.exited.then((code) => (exitCode = code));
    return waitUntil(
      `the script to print ${pattern}`,
      () => {
        const match = this.output.match(pattern);
        if (match) return match;
        if (exitCode !== undefined)
          throw new Error(
            `Script exited (${exitCode}) before printing ${pattern}:\n${this.output}`,
          );
        return undefined;
      },
      { timeoutMs, detail: () => `\n${this.output}` },
    );
  }

  /** Waits for the script to end by itself and returns its exit code. */
  exitCode(): Promise<number | null> {
    return this.exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}
