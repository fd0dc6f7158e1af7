import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  adaptersNotNamedAfterTheirPort,
  classesInTheWrongFile,
  contractsAwayFromTheirPort,
  dashedRoles,
  fileNameProblems,
  kebabCase,
  portsNotNamedAfterTheirClass,
  ROLES,
  roleOfFile,
  type SourceFile,
  TECHNOLOGIES,
  testDoublesNotNamedAfterTheirPort,
  unknownRoles,
  useCasesOutOfShape,
} from './conventions/file-names';

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

/**
 * One name for each kind of file (docs/architecture.md "File names"): the checks of
 * `tools/conventions/file-names.ts`, each shown failing on a planted file, then run over apps/ and
 * libs/.
 */
const planted = (path: string, source = ''): SourceFile => ({ path, source });

describe('file names', () => {
  it.each([
    ['libs/x/src/apps/ports/oauth-app.store.ts', 'store'],
    ['libs/x/src/apps/ports/oauth-app.store.contract.ts', 'store'],
    ['libs/x/src/webhooks/create-webhook.use-case.spec.ts', 'use-case'],
    ['libs/x/src/apps/apps.module.ts', 'module'],
    ['libs/x/src/apps/app-input.ts', null],
  ])('reads the role of %s as %s', (path, role) => {
    expect(roleOfFile(path)).toBe(role);
  });

  it.each([
    ['OAuthAppStore', 'oauth-app-store'],
    ['KubernetesJobsApi', 'kubernetes-jobs-api'],
    ['GetWebhookActivity', 'get-webhook-activity'],
    ['JWKSFetcher', 'jwks-fetcher'],
  ])('writes %s in kebab case as %s', (name, kebab) => {
    expect(kebabCase(name)).toBe(kebab);
  });

  it('refuses a role outside the closed list, and a plural one', () => {
    expect(
      unknownRoles([
        planted('libs/x/src/grant/token-exchange-grant.handler.ts'),
        planted('libs/x/src/device/device-result.pages.ts'),
        planted('libs/x/src/apps/ports/oauth-app.store.contract.ts'),
        planted('libs/x/src/apps/oauth-apps.service.int-spec.ts'),
      ]),
    ).toEqual([
      'libs/x/src/grant/token-exchange-grant.handler.ts: .handler is not a role of docs/architecture.md "File names" (' +
        `${ROLES.join(', ')})`,
      'libs/x/src/device/device-result.pages.ts: write the role singular: .page',
    ]);
  });

  it('refuses a role written with a dash', () => {
    expect(
      dashedRoles([
        planted('libs/x/src/a/ports/foo-store.ts'),
        planted('libs/x/src/apps/ports/oauth-app-store.contract.ts'),
        planted('libs/x/src/webhooks/create-webhook-use-case.ts'),
        planted('libs/x/src/subscriptions/webhook-changes-consumer.spec.ts'),
        planted('libs/x/src/testing/delivery-fixtures.ts'),
        planted('libs/x/src/seed/seed-error.ts', 'export class SeedError extends Error {}'),
        planted('libs/x/src/exit-on-config-error.ts', 'export function exitOnConfigError() {}'),
        planted('libs/x/src/apps/ports/oauth-app.store.ts'),
        planted('libs/x/src/device/device-pages.spec.ts'),
      ]),
    ).toEqual([
      'libs/x/src/a/ports/foo-store.ts: write the role after a dot: foo.store.ts',
      'libs/x/src/apps/ports/oauth-app-store.contract.ts: write the role after a dot: oauth-app.store.contract.ts',
      'libs/x/src/webhooks/create-webhook-use-case.ts: write the role after a dot: create-webhook.use-case.ts',
      'libs/x/src/subscriptions/webhook-changes-consumer.spec.ts: write the role after a dot: webhook-changes.consumer.spec.ts',
      'libs/x/src/testing/delivery-fixtures.ts: write the role after a dot: delivery.fixture.ts',
      'libs/x/src/seed/seed-error.ts: write the role after a dot: seed.error.ts',
    ]);
  });

  it('refuses a class whose name and file disagree on its role', () => {
    expect(
      classesInTheWrongFile([
        planted('libs/x/src/apps/ports/apps.ts', 'export abstract class OAuthAppStore {}'),
        planted('libs/x/src/apps/apps.service.ts', 'export class AppsController {}'),
        planted('libs/x/src/apps/app-managers.ts', 'export class AppManagersService {}'),
        planted('libs/x/src/apps/apps.controller.ts', 'export class AppsController {}'),
        planted('libs/x/src/testing/in-memory-apps.ts', 'export class InMemoryOAuthAppStore {}'),
      ]),
    ).toEqual([
      'libs/x/src/apps/ports/apps.ts: class OAuthAppStore belongs in a file named <subject>.store.ts',
      'libs/x/src/apps/apps.service.ts: class AppsController belongs in a file named <subject>.controller.ts',
      'libs/x/src/apps/app-managers.ts: class AppManagersService belongs in a file named <subject>.service.ts',
    ]);
  });

  it('refuses a use case with a public method other than execute, or named apart from its class', () => {
    const twoMethods = [
      'export class ReadWebhooks {',
      '  constructor(private readonly webhooks: WebhookRepository) {}',
      '  async list(principal: Principal) {}',
      '  async get(principal: Principal, id: string) {}',
      '}',
    ].join('\n');
    const oneMethod = [
      'export class GetWebhook {',
      '  constructor(private readonly webhooks: WebhookRepository) {}',
      '  async execute(principal: Principal, id: string) {}',
      '  private owner() {}',
      '}',
    ].join('\n');
    expect(
      useCasesOutOfShape([
        planted('libs/x/src/webhooks/read-webhooks.use-case.ts', twoMethods),
        planted('libs/x/src/webhooks/get-webhook.use-case.ts', oneMethod),
        planted('libs/x/src/webhooks/webhook-detail.use-case.ts', oneMethod),
      ]),
    ).toEqual([
      "libs/x/src/webhooks/read-webhooks.use-case.ts: a use case's one public method is execute (found list, get); split it, or make it a <subject>.service.ts",
      'libs/x/src/webhooks/webhook-detail.use-case.ts: a use case is named after its class: get-webhook.use-case.ts',
    ]);
  });

  it('refuses a port not named after its abstract class', () => {
    expect(
      portsNotNamedAfterTheirClass([
        planted('libs/x/src/apps/ports/apps.store.ts', 'export abstract class OAuthAppStore {}'),
        planted('libs/x/src/webhooks/ports/resolver.ts', 'export abstract class HostResolver {}'),
        planted(
          'libs/x/src/apps/ports/oauth-app.store.ts',
          'export abstract class OAuthAppStore {}',
        ),
        planted(
          'libs/x/src/webhooks/ports/host-resolver.ts',
          'export abstract class HostResolver {}',
        ),
        planted('libs/x/src/webhooks/ports/stored-webhook.ts', 'export interface StoredWebhook {}'),
      ]),
    ).toEqual([
      'libs/x/src/apps/ports/apps.store.ts: a port is named after its abstract class: oauth-app.store.ts',
      'libs/x/src/webhooks/ports/resolver.ts: a port is named after its abstract class: host-resolver.ts',
    ]);
  });

  it('refuses an adapter not named <technology>-<port file> after a port beside it', () => {
    expect(
      adaptersNotNamedAfterTheirPort([
        planted('libs/x/src/apps/ports/oauth-app.store.ts'),
        planted('libs/x/src/apps/infrastructure/typeorm-oauth-app.store.ts'),
        planted('libs/x/src/apps/infrastructure/typeorm-apps.ts'),
        planted('libs/x/src/apps/infrastructure/mongo-oauth-app.store.ts'),
        planted('libs/x/src/apps/infrastructure/typeorm-oauth-app.store.int-spec.ts'),
        planted('libs/x/src/keys/infrastructure/rotate-keys.ts'),
      ]),
    ).toEqual(
      ['typeorm-apps.ts', 'mongo-oauth-app.store.ts'].map(
        (name) =>
          `libs/x/src/apps/infrastructure/${name}: an adapter is named <technology>-<port file> ` +
          `with a port file of ../ports (oauth-app.store.ts) and a technology of ${TECHNOLOGIES.join(', ')}; ` +
          'a helper that is no adapter is listed in INFRASTRUCTURE_HELPERS',
      ),
    );
  });

  it('refuses a test double not named in-memory-<port file> or fake-<port file>', () => {
    expect(
      testDoublesNotNamedAfterTheirPort([
        planted('libs/x/src/apps/ports/oauth-app.store.ts'),
        planted('libs/x/src/testing/in-memory-oauth-app.store.ts'),
        planted('libs/x/src/testing/in-memory-oauth-app.store.spec.ts'),
        planted('libs/x/src/testing/in-memory-apps.ts'),
        planted('libs/x/src/testing/fake-oauth-app-store.ts'),
        planted('libs/x/src/testing/apps-test-kit.ts'),
      ]),
    ).toEqual([
      'libs/x/src/testing/in-memory-apps.ts: a test double is named in-memory-<port file> or fake-<port file>, and libs/x/src has no apps.ts',
      'libs/x/src/testing/fake-oauth-app-store.ts: a test double is named in-memory-<port file> or fake-<port file>, and libs/x/src has no oauth-app-store.ts',
    ]);
  });

  it('refuses a contract suite away from its port', () => {
    expect(
      contractsAwayFromTheirPort([
        planted('libs/x/src/apps/ports/oauth-app.store.ts'),
        planted('libs/x/src/apps/ports/oauth-app.store.contract.ts'),
        planted('libs/x/src/apps/oauth-apps.contract.ts'),
      ]),
    ).toEqual([
      'libs/x/src/apps/oauth-apps.contract.ts: a contract suite sits beside its port, oauth-apps.ts',
    ]);
  });

  it('finds the planted violations when they sit among the real files', () => {
    const problems = fileNameProblems([
      ...repositoryFiles(),
      planted('libs/feature-auth/src/apps/ports/foo-store.ts', 'export abstract class FooStore {}'),
    ]);
    expect(problems).toEqual([
      'libs/feature-auth/src/apps/ports/foo-store.ts: write the role after a dot: foo.store.ts',
      'libs/feature-auth/src/apps/ports/foo-store.ts: class FooStore belongs in a file named <subject>.store.ts',
      'libs/feature-auth/src/apps/ports/foo-store.ts: a port is named after its abstract class: foo.store.ts',
    ]);
  });

  it('holds for every file in apps/ and libs/', () => {
    expect(fileNameProblems(repositoryFiles())).toEqual([]);
  });
});

/** The TypeScript files of apps/ and libs/ git knows (tracked, or new and not ignored). */
function repositoryFiles(): SourceFile[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps', 'libs'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => /\.tsx?$/.test(path) && existsSync(join(ROOT, path)))
    .map((path) => planted(path, readFileSync(join(ROOT, path), 'utf8')));
}
