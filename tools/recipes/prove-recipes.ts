// `npm run test:recipes`: applies each recipe of docs/architecture.md "How to add" to a copy of
// the repository and proves it: the files it touched are the ones the recipe names, the compiler
// accepts the change, and the specs the recipe names pass with no test file edited.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { applyRecipe, filesOutsideRecipe, type Recipe } from './recipe';
import { webhookFieldRecipe } from './webhook-field.recipe';

const ROOT = join(__dirname, '..', '..');
const RECIPES: Recipe[] = [webhookFieldRecipe];

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

function run(step: string, cwd: string, args: string[]): void {
  process.stdout.write(`[recipes] ${step}\n`);
  execFileSync(process.execPath, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, CI: 'true' },
  });
}

function prove(recipe: Recipe): void {
  const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const unnamed = filesOutsideRecipe(recipe, architecture);
  if (unnamed.length > 0)
    throw new Error(
      `recipe "${recipe.heading}" touches ${unnamed.join(', ')}, which docs/architecture.md does not name`,
    );
  const copy = copyOfRepository();
  try {
    applyRecipe(recipe, copy);
    run(`${recipe.heading} type check`, copy, ['node_modules/typescript/bin/tsc', '-b']);
    run(`${recipe.heading} specs: ${recipe.specs.join(' ')}`, copy, [
      'node_modules/jest/bin/jest.js',
      ...recipe.specs,
      '--selectProjects',
      'unit',
      'integration',
      '--ci',
    ]);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

for (const recipe of RECIPES) prove(recipe);
process.stdout.write(`[recipes] ${RECIPES.length} recipe(s) proven\n`);
