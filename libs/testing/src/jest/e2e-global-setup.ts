import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import globalSetup from './global-setup';

const ROOT = join(__dirname, '../../../..');

/** End-to-end suites run the built services as processes: the run's servers plus one build. */
export default async function e2eGlobalSetup(): Promise<void> {
  await globalSetup();
  const started = Date.now();
  execFileSync(process.execPath, [join(ROOT, 'tools/build.mjs')], { cwd: ROOT, stdio: 'pipe' });
  process.stdout.write(`[gatehouse-test] built dist/ for end-to-end suites in ${Date.now() - started} ms\n`);
}
