import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const SCANNED_FOLDERS = ['apps', 'libs', 'e2e', 'tools'];
const SCANNED_EXTENSIONS = /\.(ts|tsx|mjs|md)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);
/** This file spells out the citations it forbids, as examples. */
const SKIPPED_FILES = new Set([__filename]);

/**
 * Comments cite a document a reader of this repository has: a page under docs/, a lib README or
 * an RFC clause (docs/style.md, habit 9). An issue number, a section of an outside spec, or the
 * outside client-compatibility notes and OAuth checklist are not; what the Hugging Face clients
 * need is docs/hf-clients.md. Case-insensitive, and "spec §N" / "spec section N" count too.
 */
const FOREIGN_CITATION = /\bissue [0-9]|\bspec (?:§|section )?[0-9]|hf-client-compatibility|oauth-spec-checklist/i;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return SCANNED_EXTENSIONS.test(entry.name) && !SKIPPED_FILES.has(path) ? [path] : [];
  });
}

function foreignCitations(): string[] {
  return SCANNED_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder))).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (FOREIGN_CITATION.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('citations in apps/, libs/, e2e/ and tools/', () => {
  it.each([
    ['(issue 3 item 5)', true],
    ['(spec 4.8 rule 2)', true],
    ['Spec 2.1 and 8', true],
    ['(spec §2.6)', true],
    ['(spec section 4.3)', true],
    ['(hf-client-compatibility 5.6)', true],
    ['(HF-Client-Compatibility §1.7: `{"error": ...}`)', true],
    ['client shapes to `hf-client-compatibility.md`', true],
    ['(oauth-spec-checklist "CIMD")', true],
    ['docs/oauth.md "Scopes"', false],
    ['docs/hf-clients.md "Webhook payload"', false],
    ['RFC 6749 §5.2', false],
    ["the source Job's spec", false],
  ])('recognises %s as a foreign citation: %s', (text, foreign) => {
    expect(FOREIGN_CITATION.test(text)).toBe(foreign);
  });

  it('cite docs/, a README or an RFC, never an issue number or an outside document', () => {
    const offenders = foreignCitations();
    expect(offenders).toEqual([]);
  });
});

/** Tests, test support and tools: the code that may import a lib's `testing` entry. */
const TEST_CODE = /\.(spec|int-spec|e2e-spec|contract|faults-spec)\.ts$|\/(testing|__tests__|test)\/|^libs\/testing\/|^e2e\/|^tools\//;
const TESTING_ENTRY_IMPORT = /from '@gatehouse\/[a-z-]+\/testing'/;

describe('test doubles', () => {
  it.each([
    ['libs/identity/src/tokens/token-issuer.spec.ts', true],
    ['libs/feature-auth/src/device/testing/device-flow-test-kit.ts', true],
    ['e2e/auth/openid-client.e2e-spec.ts', true],
    ['libs/identity/src/tokens/token-issuer.ts', false],
    ['apps/auth/src/main.ts', false],
  ])('counts %s as test code: %s', (file, test) => {
    expect(TEST_CODE.test(file)).toBe(test);
  });

  it("stay out of production code: only tests import a lib's testing entry", () => {
    const offenders = ['apps', 'libs']
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .map((file) => relative(ROOT, file))
      .filter((file) => file.endsWith('.ts') && !TEST_CODE.test(file) && TESTING_ENTRY_IMPORT.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
