import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const SCANNED_FOLDERS = ['apps', 'libs'];
const SCANNED_EXTENSIONS = /\.(ts|tsx|md)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);

/**
 * Comments cite a document a reader of this repository has: a page under docs/, a lib README or
 * an RFC clause (docs/style.md, habit 9). An issue number or a section of an outside spec is not one.
 * Case-insensitive, and "spec §N" / "spec section N" count too.
 */
const FOREIGN_CITATION = /\bissue [0-9]|\bspec (?:§|section )?[0-9]/i;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return SCANNED_EXTENSIONS.test(entry.name) ? [path] : [];
  });
}

function foreignCitations(): string[] {
  return SCANNED_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder))).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (FOREIGN_CITATION.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('citations in apps/ and libs/', () => {
  it.each([
    ['(issue 3 item 5)', true],
    ['(spec 4.8 rule 2)', true],
    ['Spec 2.1 and 8', true],
    ['(spec §2.6)', true],
    ['(spec section 4.3)', true],
    ['docs/oauth.md "Scopes"', false],
    ['RFC 6749 §5.2', false],
    ["the source Job's spec", false],
  ])('recognises %s as a foreign citation: %s', (text, foreign) => {
    expect(FOREIGN_CITATION.test(text)).toBe(foreign);
  });

  it('cite docs/, a README or an RFC, never an issue number or an outside spec section', () => {
    const offenders = foreignCitations();
    expect(offenders).toEqual([]);
  });
});
