import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(__dirname, '..', '..');

export interface EslintProbe {
  /** The rule ids ESLint reports for `code` as if it were the repository file `filePath`. */
  ruleIdsFor(filePath: string, code: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * One ESLint process (tools/lint/eslint-probe-server.mjs) that lints snippets as if they were
 * files of the repository, for specs that show a lint rule bites. It runs outside Jest: the flat
 * config is an ES module, which Jest's runtime cannot import.
 */
export function startEslintProbe(): EslintProbe {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [join(__dirname, 'eslint-probe-server.mjs')],
    { cwd: ROOT, env: { ...process.env, NX_DAEMON: 'false' } },
  );
  const waiting = new Map<
    number,
    { resolve: (ids: string[]) => void; reject: (e: Error) => void }
  >();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const answer = JSON.parse(line) as { id: number; ruleIds?: string[]; error?: string };
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error !== undefined) pending?.reject(new Error(answer.error));
    else pending?.resolve(answer.ruleIds ?? []);
  });
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      for (const pending of waiting.values())
        pending.reject(new Error(`the ESLint probe exited: ${stderr}`));
      waiting.clear();
      resolve();
    }),
  );
  let next = 0;
  return {
    ruleIdsFor(filePath, code) {
      const id = next++;
      return new Promise<string[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.stdin.write(`${JSON.stringify({ id, filePath: join(ROOT, filePath), code })}\n`);
      });
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
