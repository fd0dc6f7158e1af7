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
 * an RFC clause. An issue number, a section of an outside spec, or the
 * outside client-compatibility notes and OAuth checklist are not; what the Hugging Face clients
 * need is docs/hf-clients.md. Case-insensitive, and "spec §N" / "spec section N" count too.
 */
const FOREIGN_CITATION =
  /\bissue [0-9]|\bspec (?:§|section )?[0-9]|hf-client-compatibility|oauth-spec-checklist/i;

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
      .flatMap((line, index) =>
        FOREIGN_CITATION.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
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
const TEST_CODE =
  /\.(spec|int-spec|e2e-spec|contract|faults-spec)\.ts$|\/testing\/|^libs\/testing\/|^e2e\/|^tools\//;
const TESTING_ENTRY_IMPORT = /from '@gatehouse\/[a-z-]+\/testing'/;

describe('test doubles', () => {
  it.each([
    ['libs/identity/src/tokens/token-issuer.spec.ts', true],
    ['libs/feature-auth/src/testing/device-flow-test-kit.ts', true],
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
      .filter(
        (file) =>
          file.endsWith('.ts') &&
          !TEST_CODE.test(file) &&
          TESTING_ENTRY_IMPORT.test(readFileSync(join(ROOT, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});

/**
 * The one layout of a lib (docs/architecture.md "Layout of a lib"): test support in `testing/`,
 * ports free of the ORM, and TypeORM only in adapters (`infrastructure/`), tests and test support,
 * and in `libs/persistence`, the ORM's home (entities, migrations, data source).
 */
const OLD_TEST_FOLDERS = new Set(['__tests__', 'test', 'tests', 'fakes']);
const ONE_TESTING_FOLDER = /^libs\/testing(\/|$)|^libs\/[a-z-]+\/src\/testing$/;
const TYPEORM_IMPORT = /from 'typeorm'|import\('typeorm'\)|require\('typeorm'\)/;
const TYPEORM_HOMES =
  /^libs\/(persistence|testing)\/|\/(infrastructure|testing)\/|\.(spec|int-spec|contract)\.ts$/;

function folders(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || SKIPPED_FOLDERS.has(entry.name)) return [];
    const path = join(folder, entry.name);
    return [path, ...folders(path)];
  });
}

function libTypeScript(): string[] {
  return sourceFiles(join(ROOT, 'libs'))
    .map((file) => relative(ROOT, file))
    .filter((file) => file.endsWith('.ts'));
}

const importsTypeorm = (file: string) =>
  TYPEORM_IMPORT.test(readFileSync(join(ROOT, file), 'utf8'));

describe('lib layout', () => {
  it.each([
    ['libs/feature-webhooks/src/webhooks/infrastructure/typeorm-webhook.repository.ts', true],
    ['libs/feature-delivery/src/testing/delivery.fixture.ts', true],
    ['libs/persistence/src/entities/webhooks/webhook.entity.ts', true],
    ['libs/feature-delivery/src/pipeline/infrastructure/typeorm-delivery.store.int-spec.ts', true],
    ['libs/feature-webhooks/src/webhooks/ports/webhook.repository.ts', false],
    ['libs/feature-delivery/src/delivery.module.ts', false],
  ])('lets %s import typeorm: %s', (file, allowed) => {
    expect(TYPEORM_HOMES.test(file)).toBe(allowed);
  });

  it('keeps test support in testing/: no __tests__, test, tests or fakes folder in a lib', () => {
    const offenders = folders(join(ROOT, 'libs'))
      .filter((folder) => OLD_TEST_FOLDERS.has(folder.split('/').pop() ?? ''))
      .map((folder) => relative(ROOT, folder));
    expect(offenders).toEqual([]);
  });

  it.each([
    ['libs/feature-auth/src/testing', true],
    ['libs/testing', true],
    ['libs/feature-auth/src/device/testing', false],
    ['libs/feature-auth/testing', false],
    ['libs/feature-auth/src/testing/testing', false],
  ])('accepts %s as a testing folder: %s', (folder, accepted) => {
    expect(ONE_TESTING_FOLDER.test(folder)).toBe(accepted);
  });

  it('keeps one testing/ folder per lib, at libs/<lib>/src/testing (libs/testing is the test-infrastructure lib)', () => {
    const offenders = folders(join(ROOT, 'libs'))
      .map((folder) => relative(ROOT, folder))
      .filter(
        (folder) => folder.split('/').pop() === 'testing' && !ONE_TESTING_FOLDER.test(folder),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps the ORM out of ports', () => {
    const offenders = libTypeScript().filter(
      (file) => file.includes('/ports/') && importsTypeorm(file),
    );
    expect(offenders).toEqual([]);
  });

  it('imports typeorm only in infrastructure/, testing/, tests and libs/persistence', () => {
    const offenders = libTypeScript().filter(
      (file) => !TYPEORM_HOMES.test(file) && importsTypeorm(file),
    );
    expect(offenders).toEqual([]);
  });
});
