import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// The HTTP routes Nest controllers declare, read from their source (no Nest, no build): the
// path of `@Controller(...)` joined with the path of each `@Get(...)`, `@Post(...)`... method.
// A decorator whose path is not a string literal cannot be read and stops the scan: a route
// the manifests cannot see must not pass for no route at all.

export interface ControllerRoute {
  /** `GET`, `POST`, … (`ALL` for `@All`). */
  readonly method: string;
  /** Nest's path syntax, with a leading slash: `/api/settings/apps/:clientId/secret`. */
  readonly path: string;
  /** `ClassName.methodName`, for messages. */
  readonly handler: string;
  readonly file: string;
}

const METHOD_DECORATORS = new Set([
  'Get',
  'Post',
  'Put',
  'Patch',
  'Delete',
  'All',
  'Head',
  'Options',
  'Search',
]);

function decoratorCall(
  decorator: ts.Decorator,
): { name: string; args: readonly ts.Expression[] } | undefined {
  const call = decorator.expression;
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return undefined;
  return { name: call.expression.text, args: call.arguments };
}

function literalPath(args: readonly ts.Expression[], where: string): string {
  if (args.length === 0) return '';
  const [first] = args;
  if (args.length === 1 && ts.isStringLiteralLike(first)) return first.text;
  throw new Error(
    `${where}: the route path is not a single string literal; the manifest checks cannot read it`,
  );
}

export function joinRoutePath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment.length > 0)
    .join('/');
  return `/${joined}`;
}

/** The routes of every controller class in one TypeScript source text. */
export function controllerRoutesIn(sourceText: string, file: string): ControllerRoute[] {
  const source = ts.createSourceFile(
    file,
    sourceText,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const routes: ControllerRoute[] = [];
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    const className = statement.name?.text ?? '(anonymous class)';
    const controller = (ts.getDecorators(statement) ?? [])
      .map(decoratorCall)
      .find((call) => call?.name === 'Controller');
    if (!controller) continue;
    const prefix = literalPath(controller.args, `${file}: @Controller of ${className}`);
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member)) continue;
      const handler = `${className}.${member.name.getText(source)}`;
      for (const call of (ts.getDecorators(member) ?? []).map(decoratorCall)) {
        if (!call || !METHOD_DECORATORS.has(call.name)) continue;
        const path = joinRoutePath(
          prefix,
          literalPath(call.args, `${file}: @${call.name} of ${handler}`),
        );
        routes.push({ method: call.name.toUpperCase(), path, handler, file });
      }
    }
  }
  return routes;
}

function sourceFilesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(path);
    const isTest = /\.(spec|int-spec|e2e-spec)\.ts$/.test(entry.name);
    return entry.isFile() && entry.name.endsWith('.ts') && !isTest ? [path] : [];
  });
}

/** Every controller route under `directory` (tests excluded), files named relative to `root`. */
export function scanControllerRoutes(root: string, directory: string): ControllerRoute[] {
  return sourceFilesUnder(join(root, directory)).flatMap((file) =>
    controllerRoutesIn(readFileSync(file, 'utf8'), relative(root, file)),
  );
}
