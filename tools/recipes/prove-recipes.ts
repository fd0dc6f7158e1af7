// `npm run test:recipes`: applies every recipe of docs/architecture.md "How to add" to one copy of
// the repository and proves them: each touches only the files its section names, the scripts it
// says to run leave what it promises (its check), and the compiler and the specs it names accept
// the change with no other file edited. The recipes share the copy, one `tsc -b` and one Jest run.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RECIPES } from './all-recipes';
import { applyRecipe, filesOutsideRecipe } from './recipe';

const ROOT = join(__dirname, '..', '..');

function copyOfRepository(): string {
  const copy = mkdtempSync(join(tmpdir(), 'gatehouse-recipe-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(copy, file));
    } catch {
      // listed by git but deleted in the working tree
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

function run(step: string, cwd: string, command: string, args: string[]): void {
  process.stdout.write(`[recipes] ${elapsed()}: ${step}\n`);
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, CI: 'true' } });
}

const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
for (const recipe of RECIPES) {
  const unnamed = filesOutsideRecipe(recipe, architecture);
  if (unnamed.length > 0)
    throw new Error(
      `recipe "${recipe.heading}" touches ${unnamed.join(', ')}, which docs/architecture.md does not name`,
    );
}

const copy = copyOfRepository();
try {
  for (const recipe of RECIPES) {
    process.stdout.write(`[recipes] ${recipe.heading} applied\n`);
    applyRecipe(recipe, copy);
  }
  for (const recipe of RECIPES)
    for (const script of recipe.scripts ?? [])
      run(`${recipe.heading} npm run ${script}`, copy, 'npm', ['run', '--silent', script]);
  run('type check (tsc -b)', copy, process.execPath, ['node_modules/typescript/bin/tsc', '-b']);
  const problems = RECIPES.flatMap((recipe) =>
    (recipe.check?.(copy) ?? []).map((problem) => `recipe "${recipe.heading}": ${problem}`),
  );
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const specs = [...new Set(RECIPES.flatMap((recipe) => recipe.specs))];
  run(`specs: ${specs.join(' ')}`, copy, process.execPath, [
    'node_modules/jest/bin/jest.js',
    ...specs,
    '--selectProjects',
    'unit',
    'integration',
    '--ci',
    // Two files at a time, as `npm test` runs these tiers: each suite's data is its own.
    '--maxWorkers=2',
  ]);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
process.stdout.write(`[recipes] ${elapsed()}: ${RECIPES.length} recipes proven\n`);
