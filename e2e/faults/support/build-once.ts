import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** The suite runs the built services as processes: build dist/ once before it. */
export default function buildOnce(): void {
  const started = Date.now();
  execFileSync(process.execPath, [join(ROOT, 'tools/build.mjs')], { cwd: ROOT, stdio: 'pipe' });
  process.stdout.write(`[faults] built dist/ in ${Date.now() - started} ms\n`);
}
