import { parseSync, transformSync } from '@swc/core';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

// The files a process loads and the npm packages they name, found by following every
// `require('<literal>')` and `require.resolve('<literal>')` from its main file: relative ones to
// other files, bare ones to packages. It reads CommonJS as tools/build.mjs writes it, so an import
// the compiler drops (used as a type only) does not count. Either the built files under dist/ or
// the TypeScript sources, compiled here the way the build compiles them (the same `.swcrc` and
// path aliases): both walks find the same graph, and the sources need no build.
//
// A require at the top level of a file runs when the file loads: what it reaches is loaded when
// the process starts. A require inside a function (a lazy `await import()` compiles to one) runs
// only if that function does: what is reached only that way is listed apart, as lazy, for the
// image's dependency list to decide on (service-dependencies.ts).

const ROOT = resolve(__dirname, '..', '..');

export interface ModuleGraph {
  /** Repository-relative paths of every file reached, eagerly or lazily, the main file first. */
  files: string[];
  /** Packages loaded when the process starts, each with the files requiring it. */
  eager: Map<string, string[]>;
  /** Packages reached only through a require inside a function, with the files requiring them. */
  lazy: Map<string, string[]>;
}

interface Require {
  specifier: string;
  /** Inside a function: runs when that function is called, not when the file loads. */
  lazy: boolean;
}

interface GraphSource {
  /** The extension of the graph's files: `.ts` for sources, `.js` for the build. */
  extension: string;
  /** The CommonJS text of a file. */
  compiled(path: string): string;
}

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`; null for Node's built-ins. */
export function packageOfSpecifier(specifier: string): string | null {
  if (specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? null : name;
}

const FUNCTION_NODES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ClassMethod',
  'PrivateMethod',
  'Constructor',
  'GetterProperty',
  'SetterProperty',
  'MethodProperty',
]);

interface AstNode {
  type?: string;
  value?: unknown;
  callee?: AstNode;
  object?: AstNode;
  property?: AstNode;
  arguments?: Array<{ expression: AstNode }>;
}

function isRequireCallee(callee: AstNode): boolean {
  if (callee.type === 'Identifier') return callee.value === 'require';
  return (
    callee.type === 'MemberExpression' &&
    callee.object?.type === 'Identifier' &&
    callee.object.value === 'require' &&
    callee.property?.type === 'Identifier' &&
    callee.property.value === 'resolve'
  );
}

/** The string literals passed to `require(...)` or `require.resolve(...)` in CommonJS text. */
export function requiresOf(code: string): Require[] {
  const found: Require[] = [];
  const visit = (value: unknown, lazy: boolean): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, lazy);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as AstNode;
    if (node.type === 'CallExpression' && node.callee && isRequireCallee(node.callee)) {
      const argument = node.arguments?.[0]?.expression;
      if (argument?.type === 'StringLiteral' && typeof argument.value === 'string')
        found.push({ specifier: argument.value, lazy });
    }
    const inner = lazy || FUNCTION_NODES.has(node.type ?? '');
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'span' && typeof child === 'object') visit(child, inner);
    }
  };
  visit(parseSync(code, { syntax: 'ecmascript', target: 'es2022' }), false);
  return found;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function resolveRelative(from: string, specifier: string, extension: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}${extension}`, join(base, `index${extension}`)];
  return candidates.find(isFile) ?? null;
}

interface FileRequires {
  files: Array<{ path: string; lazy: boolean }>;
  packages: Array<{ name: string; lazy: boolean }>;
}

const requiresCache = new Map<string, FileRequires>();

function requiresOfFile(path: string, source: GraphSource): FileRequires {
  const cached = requiresCache.get(path);
  if (cached) return cached;
  const result: FileRequires = { files: [], packages: [] };
  // A JSON file or another asset: it requires nothing.
  const requires = path.endsWith(source.extension) ? requiresOf(source.compiled(path)) : [];
  for (const { specifier, lazy } of requires) {
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const target = resolveRelative(path, specifier, source.extension);
      if (!target)
        throw new Error(`${relative(ROOT, path)}: cannot resolve require('${specifier}')`);
      result.files.push({ path: target, lazy });
      continue;
    }
    const name = packageOfSpecifier(specifier);
    if (name?.startsWith('@gatehouse/'))
      throw new Error(
        `${relative(ROOT, path)}: '${specifier}' was not compiled to a relative path`,
      );
    if (name) result.packages.push({ name, lazy });
  }
  requiresCache.set(path, result);
  return result;
}

function addTo(map: Map<string, string[]>, name: string, file: string): void {
  const files = map.get(name) ?? [];
  if (!files.includes(file)) files.push(file);
  map.set(name, files);
}

function walk(main: string, source: GraphSource): ModuleGraph {
  const eagerFiles = new Set([main]);
  const eagerQueue = [main];
  const lazyStarts: string[] = [];
  while (eagerQueue.length > 0) {
    for (const file of requiresOfFile(eagerQueue.shift()!, source).files) {
      if (file.lazy) lazyStarts.push(file.path);
      else if (!eagerFiles.has(file.path)) {
        eagerFiles.add(file.path);
        eagerQueue.push(file.path);
      }
    }
  }
  const lazyFiles = new Set<string>();
  const lazyQueue = lazyStarts.filter((path) => !eagerFiles.has(path));
  for (const path of lazyQueue) lazyFiles.add(path);
  while (lazyQueue.length > 0) {
    for (const file of requiresOfFile(lazyQueue.shift()!, source).files) {
      if (!eagerFiles.has(file.path) && !lazyFiles.has(file.path)) {
        lazyFiles.add(file.path);
        lazyQueue.push(file.path);
      }
    }
  }
  const eager = new Map<string, string[]>();
  const lazy = new Map<string, string[]>();
  for (const path of eagerFiles) {
    for (const pkg of requiresOfFile(path, source).packages)
      if (!pkg.lazy) addTo(eager, pkg.name, relative(ROOT, path));
  }
  const lazyRequirers = [
    ...[...eagerFiles].flatMap((path) =>
      requiresOfFile(path, source)
        .packages.filter((pkg) => pkg.lazy)
        .map((pkg) => ({ path, name: pkg.name })),
    ),
    ...[...lazyFiles].flatMap((path) =>
      requiresOfFile(path, source).packages.map((pkg) => ({ path, name: pkg.name })),
    ),
  ];
  for (const { path, name } of lazyRequirers)
    if (!eager.has(name)) addTo(lazy, name, relative(ROOT, path));
  return {
    files: [...eagerFiles, ...lazyFiles].map((path) => relative(ROOT, path)),
    eager,
    lazy,
  };
}

let swcOptions: Record<string, unknown> | undefined;

/** A TypeScript file as tools/build.mjs compiles it. */
function compileSource(path: string): string {
  if (!swcOptions) {
    const swcrc = JSON.parse(readFileSync(join(ROOT, '.swcrc'), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    delete swcrc.$schema;
    const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    swcOptions = {
      ...swcrc,
      swcrc: false,
      sourceMaps: false,
      jsc: { ...swcrc.jsc, baseUrl: ROOT, paths: tsconfig.compilerOptions.paths },
    };
  }
  return transformSync(readFileSync(path, 'utf8'), { ...swcOptions, filename: path }).code;
}

/** The graph of `apps/<app>/src/main.ts`, read from the TypeScript sources (no build needed). */
export function sourceGraphOf(app: string): ModuleGraph {
  return sourceGraphFrom(join('apps', app, 'src', 'main.ts'));
}

/** The graph of any TypeScript file of the repository (a repository-relative path), read from the sources. */
export function sourceGraphFrom(file: string): ModuleGraph {
  return walk(join(ROOT, file), { extension: '.ts', compiled: compileSource });
}

/** The graph of `<dist>/apps/<app>/src/main.js`, read from the build's output. */
export function builtGraphOf(app: string, dist = join(ROOT, 'dist')): ModuleGraph {
  return walk(join(dist, 'apps', app, 'src', 'main.js'), {
    extension: '.js',
    compiled: (path) => readFileSync(path, 'utf8'),
  });
}
