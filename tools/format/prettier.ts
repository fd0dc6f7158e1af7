import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * `text` as Prettier writes the repository file at `path` (its parser and .prettierrc.json), so
 * what a tool generates (the README's configuration table, docs/benchmarks.md) reads the same as
 * the files `npm run format` leaves behind. Prettier runs as its own process: its plugins load by
 * dynamic import, which Jest's module sandbox refuses.
 */
export function prettierFormatted(text: string, path: string): string {
  return execFileSync(
    process.execPath,
    [require.resolve('prettier/bin/prettier.cjs'), '--stdin-filepath', join(ROOT, path)],
    { input: text, encoding: 'utf8', cwd: ROOT },
  );
}
