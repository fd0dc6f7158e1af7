import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { applyRecipe, filesNamedBy, filesOutsideRecipe, type Recipe } from './recipe';
import { RECIPES } from './all-recipes';
import { readmeUsedBy } from './config-variable.recipe';

const ROOT = join(__dirname, '..', '..');
const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

describe('recipes (docs/architecture.md "How to add")', () => {
  it('applies a step at its anchor', () => {
    const root = mkdtempSync(join(tmpdir(), 'recipe-'));
    mkdirSync(join(root, 'libs'));
    writeFileSync(join(root, 'libs/a.ts'), 'export interface A {\n  x: number;\n}\n');
    applyRecipe(
      {
        heading: 'A field.',
        steps: [
          {
            file: 'libs/a.ts',
            edits: [{ after: /interface A \{[^}]*/, insert: '  y: string;\n' }],
          },
        ],
        specs: [],
      },
      root,
    );
    expect(readFileSync(join(root, 'libs/a.ts'), 'utf8')).toBe(
      'export interface A {\n  x: number;\n  y: string;\n}\n',
    );
  });

  it('fails, naming the file and the anchor, when the code moved on without the recipe', () => {
    const root = mkdtempSync(join(tmpdir(), 'recipe-'));
    mkdirSync(join(root, 'libs'));
    writeFileSync(join(root, 'libs/a.ts'), 'export type A = { x: number };\n');
    const stale: Recipe = {
      heading: 'A field.',
      steps: [{ file: 'libs/a.ts', edits: [{ after: 'export interface A {', insert: '' }] }],
      specs: [],
    };
    expect(() => applyRecipe(stale, root)).toThrow(
      'recipe "A field.": libs/a.ts no longer holds export interface A {',
    );
  });

  it('reads the files a recipe names from its section only', () => {
    const page =
      '**A thing.** Edit `libs/a/src/a.ts` and `apps/b/src/b.ts`.\n\n**Another.** `libs/c.ts`\n';
    expect(filesNamedBy(page, 'A thing.')).toEqual(['libs/a/src/a.ts', 'apps/b/src/b.ts']);
  });

  it.each(RECIPES.map((recipe) => [recipe.heading, recipe] as const))(
    '%s touches only files its section names (new files in a folder it names), and names its proof',
    (heading, recipe) => {
      expect(filesOutsideRecipe(recipe, architecture)).toEqual([]);
      expect(
        filesOutsideRecipe(
          { ...recipe, steps: [...recipe.steps, { file: 'libs/x/src/y.ts', edits: [] }] },
          architecture,
        ),
      ).toEqual(['libs/x/src/y.ts']);
      const section = architecture.slice(architecture.indexOf(`**${heading}**`));
      expect(section.slice(0, section.search(/\n(?:\*\*|#)/))).toContain('npm run test:recipes');
    },
  );

  it.each(RECIPES.map((recipe) => [recipe.heading, recipe] as const))(
    '%s still finds every anchor in the code',
    (_heading, recipe) => {
      const copy = mkdtempSync(join(tmpdir(), 'recipe-'));
      for (const step of recipe.steps) {
        mkdirSync(join(copy, dirname(step.file)), { recursive: true });
        if (!step.create) writeFileSync(join(copy, step.file), readFileSync(join(ROOT, step.file)));
      }
      expect(() => applyRecipe(recipe, copy)).not.toThrow();
    },
  );

  it('reads the apps a variable is used by from the README table', () => {
    const readme = '| Variable | Used by |\n|---|---|\n| `A_B` | auth, all-in-one | 1 | x |\n';
    expect(readmeUsedBy(readme, 'A_B')).toBe('auth, all-in-one');
    expect(readmeUsedBy(readme, 'A')).toBeNull();
  });
});
