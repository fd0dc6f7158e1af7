import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** One step of a recipe: a file of the repository and what the step does to it. */
export interface RecipeStep {
  file: string;
  /** A new file's content, or edits to an existing file, each anchored on text the file holds. */
  create?: string;
  edits?: Array<{ after: string | RegExp; insert: string }>;
}

export interface Recipe {
  /** The recipe's heading in docs/architecture.md "How to add", in bold. */
  heading: string;
  steps: RecipeStep[];
  /** The Jest paths that must still pass, unchanged, once the recipe is applied. */
  specs: string[];
  /** The commands the recipe says to run once its files are edited (`npm run` scripts), in order. */
  scripts?: string[];
  /**
   * What else the recipe must leave true in the copy `root`, read from its files once the scripts
   * have run (a generated table, a manifest, a doc): each problem found, none when it holds.
   */
  check?: (root: string) => string[];
}

/**
 * Applies a recipe's steps under `root`. A step whose anchor is gone fails, naming the file and
 * the anchor: the recipe in docs/architecture.md has gone stale with the code, and both change.
 */
export function applyRecipe(recipe: Recipe, root: string): void {
  for (const step of recipe.steps) {
    const path = join(root, step.file);
    if (step.create !== undefined) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, step.create);
      continue;
    }
    let source = readFileSync(path, 'utf8');
    for (const edit of step.edits ?? []) {
      const match =
        typeof edit.after === 'string'
          ? { index: source.indexOf(edit.after), length: edit.after.length }
          : (() => {
              const found = edit.after.exec(source);
              return { index: found ? found.index : -1, length: found ? found[0].length : 0 };
            })();
      if (match.index < 0)
        throw new Error(
          `recipe "${recipe.heading}": ${step.file} no longer holds ${String(edit.after)}; ` +
            'update the recipe in docs/architecture.md "How to add" and tools/recipes with the code',
        );
      const at = match.index + match.length;
      source = source.slice(0, at) + edit.insert + source.slice(at);
    }
    writeFileSync(path, source);
  }
}

/** A recipe's section in docs/architecture.md "How to add": from its bold heading to the next heading. */
function sectionOf(architecture: string, heading: string): string {
  const start = architecture.indexOf(`**${heading}**`);
  if (start < 0) throw new Error(`docs/architecture.md has no recipe "${heading}"`);
  const rest = architecture.slice(start + heading.length + 4);
  const next = rest.search(/\n(?:\*\*|#)/);
  return architecture.slice(start, next < 0 ? undefined : start + heading.length + 4 + next);
}

/** The files a recipe's section in docs/architecture.md names (every `path` in backquotes). */
export function filesNamedBy(architecture: string, heading: string): string[] {
  return [
    ...sectionOf(architecture, heading).matchAll(
      /`((?:libs|apps|tools|k8s|docs)\/[^`\s]+\.[a-z]+)`/g,
    ),
  ].map((match) => match[1]!);
}

/**
 * The files a recipe touches that its section in docs/architecture.md does not name. A file the
 * recipe creates (a migration, an event's schema, a grant's handler) counts as named when a folder
 * holding it is, quoted with its trailing slash (`libs/persistence/src/migrations/`).
 */
export function filesOutsideRecipe(recipe: Recipe, architecture: string): string[] {
  const named = new Set(filesNamedBy(architecture, recipe.heading));
  const folders = [...sectionOf(architecture, recipe.heading).matchAll(/`([\w./-]+\/)`/g)].map(
    (match) => match[1]!,
  );
  return recipe.steps
    .filter(
      (step) =>
        !named.has(step.file) &&
        !(step.create !== undefined && folders.some((folder) => step.file.startsWith(folder))),
    )
    .map((step) => step.file);
}
