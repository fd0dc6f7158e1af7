import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyRecipe, filesNamedBy, filesOutsideRecipe, type Recipe } from './recipe';
import { webhookFieldRecipe } from './webhook-field.recipe';

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

  it('touches only files the webhook-field recipe names (a new migration aside), and names its proof', () => {
    expect(filesOutsideRecipe(webhookFieldRecipe, architecture)).toEqual([]);
    expect(
      filesOutsideRecipe(
        {
          ...webhookFieldRecipe,
          steps: [...webhookFieldRecipe.steps, { file: 'libs/x/src/y.ts' }],
        },
        architecture,
      ),
    ).toEqual(['libs/x/src/y.ts']);
    expect(architecture).toContain('npm run test:recipes');
  });

  it('still finds every anchor of the webhook-field recipe in the code', () => {
    const copy = mkdtempSync(join(tmpdir(), 'recipe-'));
    for (const step of webhookFieldRecipe.steps) {
      if (step.create) continue;
      mkdirSync(join(copy, step.file, '..'), { recursive: true });
      writeFileSync(join(copy, step.file), readFileSync(join(ROOT, step.file)));
    }
    mkdirSync(join(copy, 'libs/persistence/src/migrations'), { recursive: true });
    expect(() => applyRecipe(webhookFieldRecipe, copy)).not.toThrow();
  });
});
