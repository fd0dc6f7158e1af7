/**
 * The file-name rules of docs/architecture.md "File names", as pure checks over (path, source)
 * pairs, so each can be shown to fail on a planted file. `tools/conventions/file-names.spec.ts`
 * runs them over the repository.
 */
export interface SourceFile {
  /** Repository-relative, with forward slashes. */
  path: string;
  source: string;
}

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
};
const ROLES = Object.values(ROLE_OF_CLASS_SUFFIX);
const TEST_FILE = /\.(spec|int-spec|e2e-spec|faults-spec|contract)\.tsx?$/;
const DASH_ROLE = new RegExp(`-(${ROLES.join('|')})(\\.contract|\\.spec|\\.int-spec)?\\.tsx?$`);
const EXPORTED_CLASS = /^export (?:abstract )?class (\w+)/gm;

const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const isTestSupport = (path: string) =>
  TEST_FILE.test(path) || path.includes('/testing/') || path.startsWith('libs/testing/');
const exportedClasses = (source: string) =>
  [...source.matchAll(EXPORTED_CLASS)].map((match) => match[1]!);

/** The role a file's name gives it (`oauth-app.store.ts` → store), or null. */
export function roleOfFile(path: string): string | null {
  const name = basename(path).replace(TEST_FILE, '.ts');
  const match = new RegExp(`\\.(${ROLES.join('|')})\\.tsx?$`).exec(name);
  return match ? match[1]! : null;
}

/** A role written with a dash (`oauth-app-store.ts`) instead of a dot (`oauth-app.store.ts`). */
export function dashedRoles(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => DASH_ROLE.test(basename(file.path)))
    .map(
      (file) =>
        `${file.path}: write the role after a dot: ${basename(file.path)
          .replace(DASH_ROLE, '.$1$2.ts')
          .replace(/\.tsx?\.ts$/, '.ts')}`,
    );
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

/** A use case is one exported class with one public method, `execute`. */
export function useCasesWithMoreThanExecute(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => /\.use-case\.ts$/.test(file.path))
    .flatMap((file) => {
      const classes = exportedClasses(file.source);
      const methods = [
        ...file.source.matchAll(
          /^ {2}(?:async )?(?!(?:constructor|if|for|while|switch|return|catch)\b)([a-zA-Z]\w*)\s*\(/gm,
        ),
      ].map((match) => match[1]!);
      const problems: string[] = [];
      if (classes.length !== 1)
        problems.push(`${file.path}: a use case exports one class, found ${classes.length}`);
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
 * A class in an `infrastructure/` folder beside a `ports/` folder is an adapter: it is named
 * `<technology>-<port file name>` (`typeorm-oauth-app.store.ts` for `ports/oauth-app.store.ts`).
 * Files there that export no class (row mappings, column lists) are helpers, named freely.
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
        exportedClasses(file.source).length > 0,
    )
    .flatMap((file) => {
      const portFiles = ports.get(folderOf(folderOf(file.path)));
      if (!portFiles) return [];
      const name = basename(file.path);
      return portFiles.some((port) => name.endsWith(`-${port}`))
        ? []
        : [
            `${file.path}: an adapter is named <technology>-<port file>, one of ${portFiles.join(', ')}`,
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
    ...dashedRoles(files),
    ...classesInTheWrongFile(files),
    ...useCasesWithMoreThanExecute(files),
    ...adaptersNotNamedAfterTheirPort(files),
    ...contractsAwayFromTheirPort(files),
  ];
}
