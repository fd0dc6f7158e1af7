import { join } from 'node:path';
import ts from 'typescript';
import { kubernetesModelModule } from './kubernetes-model-modules';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// The compiled schemas of kubernetes-models accept properties they do not know, as the API
// server's schemas do; `kubectl apply` however validates strictly and rejects unknown fields
// (a misspelt `readinesProbe` would otherwise be dropped in silence). The package's TypeScript
// interfaces, generated from the same OpenAPI definitions, are exact, so each object is written
// as an object literal of its kind's interface and every property is looked up in the type the
// TypeScript checker expects at that place. A CRD's free-form field (`x-kubernetes-preserve-
// unknown-fields`, as Strimzi's topic `config`) is generated as the empty type `{}`: anything goes
// there, as it does on the API server.

const VIRTUAL_FILE = join(__dirname, '__kubernetes-objects-under-check__.ts');

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  lib: ['lib.es5.d.ts'],
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
};

interface VirtualSource {
  text: string;
  /** Offset where each object's literal starts, in the order of the objects. */
  objectOffsets: number[];
}

function moduleSpecifier(object: KubernetesObject): string {
  const module = kubernetesModelModule(object.apiVersion, object.kind);
  if (!module)
    throw new Error(
      `${describeObject(object)}: malformed apiVersion '${object.apiVersion}' or kind '${object.kind}'`,
    );
  return module.specifier;
}

function buildSource(objects: KubernetesObject[]): VirtualSource {
  const imports = objects.map(
    (object, index) =>
      `import type { I${object.kind} as Kind${index} } from '${moduleSpecifier(object)}';\n`,
  );
  let text = imports.join('');
  const objectOffsets: number[] = [];
  objects.forEach((object, index) => {
    const declaration = `export const object${index}: Kind${index} = `;
    objectOffsets.push(text.length + declaration.length);
    text += `${declaration}${JSON.stringify(object, null, 2)};\n`;
  });
  return { text, objectOffsets };
}

function innermostNodeAt(node: ts.Node, position: number): ts.Node {
  const child = node
    .getChildren()
    .find((candidate) => candidate.getStart() <= position && position < candidate.getEnd());
  return child ? innermostNodeAt(child, position) : node;
}

/** The JSON pointer of the property a diagnostic points at, e.g. /spec/template/spec/containers/0/x. */
function pointerAt(sourceFile: ts.SourceFile, position: number): string {
  const segments: string[] = [];
  let node: ts.Node | undefined = innermostNodeAt(sourceFile, position);
  while (node && !ts.isVariableDeclaration(node)) {
    const parent: ts.Node | undefined = node.parent;
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name))
      segments.unshift(node.name.text);
    if (parent && ts.isArrayLiteralExpression(parent))
      segments.unshift(String(parent.elements.indexOf(node as ts.Expression)));
    node = parent;
  }
  return `/${segments.join('/')}`;
}

function objectIndexAt(objectOffsets: number[], position: number): number {
  let index = 0;
  while (index + 1 < objectOffsets.length && objectOffsets[index + 1] <= position) index += 1;
  return index;
}

function isFreeForm(checker: ts.TypeChecker, type: ts.Type): boolean {
  return (
    (type.flags & ts.TypeFlags.Object) !== 0 &&
    checker.getPropertiesOfType(type).length === 0 &&
    checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 0
  );
}

function isKnownProperty(checker: ts.TypeChecker, expected: ts.Type, name: string): boolean {
  const candidates = expected.isUnion() ? expected.types : [expected];
  return candidates.some(
    (candidate) =>
      (candidate.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0 ||
      checker.getPropertyOfType(candidate, name) !== undefined ||
      checker.getIndexInfosOfType(candidate).length > 0 ||
      isFreeForm(checker, candidate),
  );
}

/** Every property of every object literal that its expected type does not declare. */
function unknownProperties(
  sourceFile: ts.SourceFile,
  checker: ts.TypeChecker,
): ts.PropertyAssignment[] {
  const found: ts.PropertyAssignment[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      // No expected type: this literal sits under a field already reported as unknown.
      const expected = checker.getContextualType(node);
      for (const property of node.properties) {
        if (!expected || !ts.isPropertyAssignment(property) || !ts.isStringLiteral(property.name))
          continue;
        if (!isKnownProperty(checker, checker.getNonNullableType(expected), property.name.text))
          found.push(property);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function compilerHostWith(text: string): ts.CompilerHost {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    fileName === VIRTUAL_FILE
      ? ts.createSourceFile(fileName, text, languageVersion, true)
      : readSourceFile(fileName, languageVersion, ...rest);
  host.fileExists = (fileName) => fileName === VIRTUAL_FILE || ts.sys.fileExists(fileName);
  host.readFile = (fileName) => (fileName === VIRTUAL_FILE ? text : ts.sys.readFile(fileName));
  return host;
}

/** Fields the Kubernetes API does not define, one line per field; empty when there are none. */
export function findUnknownKubernetesFields(objects: KubernetesObject[]): string[] {
  if (objects.length === 0) return [];
  const { text, objectOffsets } = buildSource(objects);
  const host = compilerHostWith(text);
  const unresolved = objects
    .map(moduleSpecifier)
    .filter(
      (name) => !ts.resolveModuleName(name, VIRTUAL_FILE, COMPILER_OPTIONS, host).resolvedModule,
    );
  if (unresolved.length > 0)
    throw new Error(`no TypeScript model for: ${[...new Set(unresolved)].join(', ')}`);

  const program = ts.createProgram([VIRTUAL_FILE], COMPILER_OPTIONS, host);
  const sourceFile = program.getSourceFile(VIRTUAL_FILE);
  if (!sourceFile) throw new Error('the objects under check could not be loaded');
  return unknownProperties(sourceFile, program.getTypeChecker()).map((property) => {
    const object = objects[objectIndexAt(objectOffsets, property.getStart())];
    const pointer = pointerAt(sourceFile, property.name.getStart());
    return `${describeObject(object)}: ${pointer} is not a field of ${object.apiVersion} ${object.kind}`;
  });
}
