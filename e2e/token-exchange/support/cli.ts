import { WORKSPACE_ROOT } from '@gatehouse/testing';
import { spawn } from 'node:child_process';

/** Runs the built CLI (`dist/apps/cli/src/main.js`) to its end; `output` is stdout then stderr. */
export function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/apps/cli/src/main.js', ...args], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output: stdout + stderr }));
  });
}
