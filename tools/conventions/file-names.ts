/**
 * The file-name rules of docs/architecture.md "File names", as pure checks over (path, source)
 * pairs, so each can be shown to fail on a planted file. `tools/conventions.spec.ts` ("file
 * names") runs them over apps/ and libs/.
 */
export interface SourceFile {
  /** Repository-relative, with forward slashes. */
  path: string;
  source: string;
}

/**
 * The closed list of roles a file name may carry after a dot (`<subject>.<role>.ts`); a test file
 * adds its tier after its source's role (`oauth-app.store.spec.ts`).
 */
export const ROLES = [
  // Nest
  'controller',
  'module',
  'service',
  'use-case',
  'guard',
  'decorator',
  'pipe',
  'filter',
  'middleware',
  'consumer',
  'factory',
  'token',
  // ports and their contract suites
  'store',
  'repository',
  'reader',
  'writer',
  'contract',
  // records, messages, pages and errors
  'entity',
  'event',
  'page',
  'grant',
  'error',
  // configuration and the CLI
  'config',
  'section',
  'command',
  'action',
  // tests
  'fixture',
  'spec',
  'int-spec',
  'e2e-spec',
  'faults-spec',
  'suite',
] as const;

/** A class named `…<Suffix>` lives in a file named `….<role>.ts`. */
const ROLE_OF_CLASS_SUFFIX: Record<string, string> = {
  Store: 'store',
  Repository: 'repository',
  Reader: 'reader',
  Writer: 'writer',
  Controller: 'controller',
  Module: 'module',
  Service: 'service',
  Guard: 'guard',
  Consumer: 'consumer',
  UseCase: 'use-case',
  Entity: 'entity',
  Middleware: 'middleware',
  Pipe: 'pipe',
};

/** Roles written with a dash are refused (`oauth-app-store.ts`); errors only in a file of classes. */
const DASHED_ROLES = [
  'store',
  'repository',
  'reader',
  'writer',
  'service',
  'controller',
  'module',
  'use-case',
  'guard',
  'consumer',
  'decorator',
  'entity',
  'command',
  'grant',
  'page',
  'pipe',
  'filter',
  'middleware',
  'contract',
  'fixture',
];
const DASHED_PLURALS = /-(fixture)s((?:\.(?:spec|int-spec))?\.tsx?)$/;

/** The port roles whose file name carries the role after a dot. */
const PORT_ROLE_SUFFIXES = ['Store', 'Repository', 'Reader', 'Writer'];

/**
 * What an adapter's name starts with (`typeorm-oauth-app.store.ts`): the library or medium it
 * speaks through.
 */
export const TECHNOLOGIES = [
  'typeorm',
  'sql',
  'redis',
  'kafka',
  'undici',
  'http',
  'kubernetes',
  'client-node',
  'jose',
  'dns',
  'local-process',
  'crypto',
  'in-process',
  'in-memory',
  'nodemailer',
  'file',
];

/** Files beside adapters that are no adapter: row mappings, column lists, a CLI helper. */
export const INFRASTRUCTURE_HELPERS = new Set([
  'libs/feature-webhooks/src/webhooks/infrastructure/webhook-row-mapping.ts',
  'libs/identity/src/accounts/infrastructure/user-columns.ts',
  'libs/identity/src/clients/infrastructure/oauth-app-row.ts',
  'libs/feature-token-exchange/src/audit/infrastructure/verify-organization-audit-log.ts',
]);

/** Test doubles of an interface declared inside another file, so with no port file to be named after. */
export const DOUBLES_OF_INNER_INTERFACES = new Set([
  'libs/messaging/src/testing/fake-supervisor-clock.ts',
]);

const TEST_FILE = /\.(spec|int-spec|e2e-spec|faults-spec|contract)\.tsx?$/;
const EXPORTED_CLASS = /^export (?:abstract )?class (\w+)/gm;
const EXPORTED_ABSTRACT_CLASS = /^export abstract class (\w+)/gm;
const PUBLIC_METHOD =
  /^ {2}(?:async )?(?!(?:constructor|if|for|while|switch|return|catch)\b)([a-zA-Z]\w*)\s*[(<]/gm;

const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const isTestSupport = (path: string) =>
  TEST_FILE.test(path) || path.includes('/testing/') || path.startsWith('libs/testing/');
const exportedClasses = (source: string) =>
  [...source.matchAll(EXPORTED_CLASS)].map((match) => match[1]!);

/** `OAuthAppStore` → `oauth-app-store`, `KubernetesJobsApi` → `kubernetes-jobs-api`. */
export function kebabCase(name: string): string {
  return name
    .replace(/OAuth/g, 'Oauth')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** The role a file's name gives it (`oauth-app.store.ts` → store), or null. */
export function roleOfFile(path: string): string | null {
  const name = basename(path).replace(TEST_FILE, '.ts');
  const match = /^[^.]+\.([a-z-]+)\.tsx?$/.exec(name);
  return match && (ROLES as readonly string[]).includes(match[1]!) ? match[1]! : null;
}

/** A role after a dot that is not in the closed list (`.pages`, `.handler`). */
export function unknownRoles(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) => {
    const match = /^[^.]+\.(.+)\.tsx?$/.exec(basename(file.path));
    if (!match) return [];
    const unknown = match[1]!
      .split('.')
      .filter((part) => !(ROLES as readonly string[]).includes(part));
    return unknown.map((part) => {
      const singular = part.replace(/s$/, '');
      return (ROLES as readonly string[]).includes(singular)
        ? `${file.path}: write the role singular: .${singular}`
        : `${file.path}: .${part} is not a role of docs/architecture.md "File names" (${ROLES.join(', ')})`;
    });
  });
}

/** A role written with a dash (`oauth-app-store.ts`) instead of a dot (`oauth-app.store.ts`). */
export function dashedRoles(files: readonly SourceFile[]): string[] {
  const dashed = new RegExp(
    `-(${DASHED_ROLES.join('|')})((?:\\.(?:spec|int-spec|contract))?\\.tsx?)$`,
  );
  const dashedError = /-errors?((?:\.(?:spec|int-spec))?\.tsx?)$/;
  return files.flatMap((file) => {
    const name = basename(file.path);
    if (dashed.test(name))
      return [`${file.path}: write the role after a dot: ${name.replace(dashed, '.$1$2')}`];
    if (DASHED_PLURALS.test(name))
      return [`${file.path}: write the role after a dot: ${name.replace(DASHED_PLURALS, '.$1$2')}`];
    if (dashedError.test(name) && exportedClasses(file.source).length > 0)
      return [`${file.path}: write the role after a dot: ${name.replace(dashedError, '.error$1')}`];
    return [];
  });
}

/** An exported class whose name ends in a role lives in a file of that role. */
export function classesInTheWrongFile(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => !isTestSupport(file.path))
    .flatMap((file) =>
      exportedClasses(file.source).flatMap((name) => {
        const suffix = Object.keys(ROLE_OF_CLASS_SUFFIX).find((candidate) =>
          name.endsWith(candidate),
        );
        if (!suffix) return [];
        const role = ROLE_OF_CLASS_SUFFIX[suffix]!;
        return roleOfFile(file.path) === role
          ? []
          : [`${file.path}: class ${name} belongs in a file named <subject>.${role}.ts`];
      }),
    );
}

/**
 * A use case is one exported class named verb+subject, with one public method, `execute`, in a
 * file named after it (`CreateWebhook` in `create-webhook.use-case.ts`).
 */
export function useCasesOutOfShape(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => /\.use-case\.ts$/.test(file.path))
    .flatMap((file) => {
      const classes = exportedClasses(file.source);
      const methods = [...file.source.matchAll(PUBLIC_METHOD)].map((match) => match[1]!);
      const problems: string[] = [];
      if (classes.length !== 1)
        problems.push(`${file.path}: a use case exports one class, found ${classes.length}`);
      else if (basename(file.path) !== `${kebabCase(classes[0]!)}.use-case.ts`)
        problems.push(
          `${file.path}: a use case is named after its class: ${kebabCase(classes[0]!)}.use-case.ts`,
        );
      const others = methods.filter((method) => method !== 'execute');
      if (others.length > 0 || !methods.includes('execute'))
        problems.push(
          `${file.path}: a use case's one public method is execute (found ${methods.join(', ') || 'none'}); ` +
            'split it, or make it a <subject>.service.ts',
        );
      return problems;
    });
}

/**
 * A port is named after its abstract class: `ports/oauth-app.store.ts` for `OAuthAppStore` (a
 * store, repository, reader or writer takes its role after a dot), `ports/host-resolver.ts` for
 * `HostResolver`. A file of records only (no abstract class) is named freely.
 */
export function portsNotNamedAfterTheirClass(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => folderOf(file.path).endsWith('/ports') && !TEST_FILE.test(file.path))
    .flatMap((file) => {
      const expected = [...file.source.matchAll(EXPORTED_ABSTRACT_CLASS)].map(([, name]) => {
        const suffix = PORT_ROLE_SUFFIXES.find((candidate) => name!.endsWith(candidate));
        return suffix
          ? `${kebabCase(name!.slice(0, -suffix.length))}.${suffix.toLowerCase()}.ts`
          : `${kebabCase(name!)}.ts`;
      });
      return expected.length === 0 || expected.includes(basename(file.path))
        ? []
        : [`${file.path}: a port is named after its abstract class: ${expected.join(' or ')}`];
    });
}

/**
 * A file in an `infrastructure/` folder beside a `ports/` folder is an adapter named
 * `<technology>-<port file name>` (`typeorm-oauth-app.store.ts` for `ports/oauth-app.store.ts`),
 * or one of the few listed helpers.
 */
export function adaptersNotNamedAfterTheirPort(files: readonly SourceFile[]): string[] {
  const ports = new Map<string, string[]>();
  for (const file of files)
    if (folderOf(file.path).endsWith('/ports') && !TEST_FILE.test(file.path)) {
      const capability = folderOf(folderOf(file.path));
      ports.set(capability, [...(ports.get(capability) ?? []), basename(file.path)]);
    }
  return files
    .filter(
      (file) =>
        folderOf(file.path).endsWith('/infrastructure') &&
        !TEST_FILE.test(file.path) &&
        !INFRASTRUCTURE_HELPERS.has(file.path),
    )
    .flatMap((file) => {
      const portFiles = ports.get(folderOf(folderOf(file.path)));
      if (!portFiles) return [];
      const name = basename(file.path);
      return TECHNOLOGIES.some((technology) =>
        portFiles.some((port) => name === `${technology}-${port}`),
      )
        ? []
        : [
            `${file.path}: an adapter is named <technology>-<port file> with a port file of ../ports ` +
              `(${portFiles.join(', ')}) and a technology of ${TECHNOLOGIES.join(', ')}; ` +
              'a helper that is no adapter is listed in INFRASTRUCTURE_HELPERS',
          ];
    });
}

/**
 * A test double in a lib's `testing/` folder is `in-memory-<port file>` or `fake-<port file>`,
 * named after a file of the same lib (`testing/in-memory-oauth-app.store.ts`).
 */
export function testDoublesNotNamedAfterTheirPort(files: readonly SourceFile[]): string[] {
  const namesOfLib = new Map<string, Set<string>>();
  for (const file of files) {
    const lib = /^libs\/[^/]+\/src\//.exec(file.path)?.[0];
    if (lib && !file.path.startsWith(`${lib}testing/`) && !TEST_FILE.test(file.path))
      namesOfLib.set(lib, (namesOfLib.get(lib) ?? new Set()).add(basename(file.path)));
  }
  return files.flatMap((file) => {
    const match = /^(libs\/[^/]+\/src\/)testing\/(?:in-memory|fake)-(.+\.ts)$/.exec(file.path);
    if (!match || TEST_FILE.test(file.path) || DOUBLES_OF_INNER_INTERFACES.has(file.path))
      return [];
    const [, lib, port] = match;
    return namesOfLib.get(lib!)?.has(port!)
      ? []
      : [
          `${file.path}: a test double is named in-memory-<port file> or fake-<port file>, and ${lib!.slice(0, -1)} has no ${port}`,
        ];
  });
}

/** A contract suite `<port>.contract.ts` sits beside the port file `<port>.ts` it specifies. */
export function contractsAwayFromTheirPort(files: readonly SourceFile[]): string[] {
  const paths = new Set(files.map((file) => file.path));
  return files
    .filter((file) => file.path.endsWith('.contract.ts'))
    .filter((file) => !paths.has(file.path.replace(/\.contract\.ts$/, '.ts')))
    .map(
      (file) =>
        `${file.path}: a contract suite sits beside its port, ${basename(file.path).replace('.contract.ts', '.ts')}`,
    );
}

/** Every rule at once, for the repository. */
export function fileNameProblems(files: readonly SourceFile[]): string[] {
  return [
    ...unknownRoles(files),
    ...dashedRoles(files),
    ...classesInTheWrongFile(files),
    ...useCasesOutOfShape(files),
    ...portsNotNamedAfterTheirClass(files),
    ...adaptersNotNamedAfterTheirPort(files),
    ...testDoublesNotNamedAfterTheirPort(files),
    ...contractsAwayFromTheirPort(files),
  ];
}
