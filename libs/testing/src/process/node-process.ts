import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { waitUntil } from '../wait/wait-until';

export const WORKSPACE_ROOT = resolve(__dirname, '../../../..');
/** The require hook that lets plain `node` run the workspace's TypeScript: `nodeArgs: ['--require', REGISTER_SWC]`. */
export const REGISTER_SWC = join(WORKSPACE_ROOT, 'libs/testing/src/infra/register-swc.js');

/** Builds dist/ (tools/build.mjs), which end-to-end suites and the bench run; a failed build throws with its output. */
export function buildDist(): void {
  execFileSync(process.execPath, [join(WORKSPACE_ROOT, 'tools/build.mjs')], {
    cwd: WORKSPACE_ROOT,
    stdio: 'pipe',
  });
}

export interface NodeProcess {
  child: ChildProcess;
  /** Every JSON line the process wrote to stdout so far. */
  logs: Array<Record<string, unknown>>;
  /** stderr, and stdout lines that are not JSON. */
  output(): string;
  waitForLog(
    predicate: (entry: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with how it ended. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs a Node entry point (a built `dist/...js` file, or TypeScript through `nodeArgs`
 * `['--require', REGISTER_SWC]`) as its own process and follows its JSON log lines.
 */
export function startNodeProcess(
  entry: string,
  options: {
    args?: string[];
    env?: Record<string, string | undefined>;
    nodeArgs?: string[];
    cwd?: string;
  } = {},
): NodeProcess {
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), entry, ...(options.args ?? [])],
    {
      cwd: options.cwd ?? WORKSPACE_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: Array<Record<string, unknown>> = [];
  const other: string[] = [];
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim().length > 0)) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        other.push(`${line}\n`);
      }
    }
    notify();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    other.push(chunk);
    notify();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      done({ code, signal });
      notify();
    }),
  );
  const output = () => other.join('');

  const waitForLog = (predicate: (entry: Record<string, unknown>) => boolean, timeoutMs = 30_000) =>
    new Promise<Record<string, unknown>>((found, fail) => {
      const timer = setTimeout(
        () =>
          finish(() =>
            fail(new Error(`no matching log line within ${timeoutMs} ms:\n${output()}`)),
          ),
        timeoutMs,
      );
      const finish = (then: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        then();
      };
      const check = () => {
        const entry = logs.find(predicate);
        if (entry) finish(() => found(entry));
        else if (child.exitCode !== null || child.signalCode !== null) {
          finish(() =>
            fail(
              new Error(
                `process exited (${child.exitCode ?? child.signalCode}) before the expected log line:\n${output()}`,
              ),
            ),
          );
        }
      };
      listeners.add(check);
      check();
    });

  const stop = async (graceMs = 15_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(killer);
      return result;
    }
    return exited;
  };

  return { child, logs, output, waitForLog, exited, stop };
}

/** Polls `url` until it answers `status` (default 200), or fails after `timeoutMs`. */
export async function waitForHttp(
  url: string,
  options: { status?: number; timeoutMs?: number; process?: NodeProcess } = {},
): Promise<Response> {
  const status = options.status ?? 200;
  let last = 'no answer';
  return waitUntil(
    `${url} to answer ${status}`,
    async () => {
      const child = options.process?.child;
      if (child && (child.exitCode !== null || child.signalCode !== null))
        throw new Error(`process exited before ${url} answered:\n${options.process!.output()}`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        if (response.status === status) return response;
        last = `HTTP ${response.status}: ${await response.text()}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      return undefined;
    },
    {
      timeoutMs: options.timeoutMs ?? 30_000,
      intervalMs: 250,
      detail: () => `last: ${last}${options.process ? `\n${options.process.output()}` : ''}`,
    },
  );
}
