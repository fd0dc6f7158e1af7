// `npm run bench`: runs every benchmark in turn, each as its own process, and prints its results.
// `npm run bench -- delivery` runs one; arguments after `--` go to it (`-- delivery --events 2000`).
// Results worth keeping go into docs/benchmarks.md with the command that produced them.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const REGISTER = join(ROOT, 'libs/testing/src/infra/register-swc.js');
const BENCHMARKS = ['delivery', 'token-exchange'] as const;

const [selected, ...rest] = process.argv.slice(2);
const names = selected && !selected.startsWith('--') ? [selected] : [...BENCHMARKS];
const args = selected && !selected.startsWith('--') ? rest : process.argv.slice(2);

for (const name of names) {
  if (!(BENCHMARKS as readonly string[]).includes(name)) {
    console.error(`unknown benchmark "${name}"; one of: ${BENCHMARKS.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name} ==`);
  const run = spawnSync(process.execPath, ['--require', REGISTER, join(ROOT, 'tools/bench', `${name}.ts`), ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`benchmark ${name} failed (exit ${run.status ?? run.signal})`);
    process.exit(1);
  }
}
