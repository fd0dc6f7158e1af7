import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const WORKSPACE_ROOT = resolve(__dirname, '../../../..');
/** The workspace's require hook that lets plain `node` run TypeScript (libs/testing). */
const REGISTER_SWC = join(WORKSPACE_ROOT, 'libs/testing/src/infra/register-swc.js');

export interface ServiceProcess {
  child: ChildProcess;
  /** Every JSON log line so far. */
  logs: Array<Record<string, unknown>>;
  /** Anything written to stderr or non-JSON stdout. */
  otherOutput: string[];
  waitForLog(msg: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs a TypeScript entry point of this lib as its own Node process and follows its JSON logs. */
export function startServiceProcess(entry: string, args: string[]): ServiceProcess {
  const child = spawn(process.execPath, ['--require', REGISTER_SWC, entry, ...args], {
    cwd: WORKSPACE_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  const otherOutput: string[] = [];
  const listeners = new Set<() => void>();
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim().length > 0)) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        otherOutput.push(line);
      }
    }
    for (const listener of listeners) listener();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => otherOutput.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => {
      resolveExit({ code, signal });
      for (const listener of listeners) listener();
    }),
  );

  const waitForLog = (msg: string, timeoutMs = 30_000) =>
    new Promise<Record<string, unknown>>((resolveLog, reject) => {
      const check = () => {
        const found = logs.find((entry) => entry.msg === msg);
        if (found) {
          done();
          resolveLog(found);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          done();
          reject(new Error(`process exited before logging "${msg}":\n${otherOutput.join('')}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no "${msg}" log line within ${timeoutMs} ms:\n${otherOutput.join('')}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  return { child, logs, otherOutput, waitForLog, exited };
}
