import { readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { isKubernetesObject, describeObject, type KubernetesObject } from './kubernetes-object';
import { applyReplacements, type ReplacementEntry } from './kustomize-replacements';
import {
  addNameSuffix,
  applyPatches,
  setImages,
  setNamespace,
  setReplicas,
  type ImageEntry,
  type PatchEntry,
  type ReplicaEntry,
} from './kustomize-transformers';
import { parseYamlDocuments } from './yaml-documents';

// The subset of `kustomize build` that k8s/ uses: `resources` (files and nested kustomization
// directories), `components`, `labels`, JSON 6902 `patches`, `namespace`, `nameSuffix`, `images`,
// `replicas` and `replacements` (kustomize-replacements.ts); objects annotated
// `config.kubernetes.io/local-config: "true"` feed replacements and are left out of the output.
// Any other field fails loudly instead of being ignored, so the rendering the tests validate is
// never quietly different from what kustomize would produce.

export interface KustomizeFileSystem {
  readText(path: string): string;
  isDirectory(path: string): boolean;
}

export const nodeFileSystem: KustomizeFileSystem = {
  readText: (path) => readFileSync(path, 'utf8'),
  isDirectory: (path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false,
};

interface LabelsEntry {
  pairs: Record<string, string>;
  includeSelectors?: boolean;
  includeTemplates?: boolean;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  components?: string[];
  labels?: LabelsEntry[];
  patches?: PatchEntry[];
  namespace?: string;
  nameSuffix?: string;
  images?: ImageEntry[];
  replicas?: ReplicaEntry[];
  replacements?: ReplacementEntry[];
}

const SUPPORTED_FIELDS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'components',
  'labels',
  'patches',
  'namespace',
  'nameSuffix',
  'images',
  'replicas',
  'replacements',
]);
/** What a Component may hold here: resources of its own, and transformers over everything before it. */
const COMPONENT_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'patches', 'replacements']);
const LOCAL_CONFIG_ANNOTATION = 'config.kubernetes.io/local-config';
const KUSTOMIZATION_FILE_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const POD_TEMPLATE_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

function readKustomization(
  directory: string,
  files: KustomizeFileSystem,
): { path: string; value: Kustomization } {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const path = join(directory, name);
    let text: string;
    try {
      text = files.readText(path);
    } catch {
      continue;
    }
    const [value] = parseYamlDocuments(text, path);
    if (typeof value !== 'object' || value === null)
      throw new Error(`${path}: not a Kustomization`);
    return { path, value: value as Kustomization };
  }
  throw new Error(`${directory}: no kustomization.yaml`);
}

function assertSupported(
  path: string,
  kustomization: Kustomization,
  kind: 'Kustomization' | 'Component',
): void {
  const supported = kind === 'Component' ? COMPONENT_FIELDS : SUPPORTED_FIELDS;
  const unsupported = Object.keys(kustomization).filter((field) => !supported.has(field));
  if (unsupported.length > 0) {
    throw new Error(
      `${path}: field(s) ${unsupported.join(', ')} not supported by this renderer${kind === 'Component' ? ' in a Component' : ''}`,
    );
  }
  if ((kustomization.kind ?? 'Kustomization') !== kind) {
    throw new Error(`${path}: kind must be ${kind}`);
  }
  for (const entry of kustomization.labels ?? []) {
    if (entry.includeSelectors) {
      throw new Error(`${path}: labels with includeSelectors are not supported by this renderer`);
    }
  }
}

function addLabels(
  target: { labels?: Record<string, string> },
  pairs: Record<string, string>,
): void {
  target.labels = { ...(target.labels ?? {}), ...pairs };
}

function applyLabels(object: KubernetesObject, entry: LabelsEntry): void {
  addLabels(object.metadata, entry.pairs);
  if (!entry.includeTemplates || !POD_TEMPLATE_KINDS.has(object.kind)) return;
  const spec = object.spec as
    { template?: { metadata?: { labels?: Record<string, string> } } } | undefined;
  if (!spec?.template) return;
  spec.template.metadata ??= {};
  addLabels(spec.template.metadata, entry.pairs);
}

function objectId(object: KubernetesObject): string {
  const group = object.apiVersion.includes('/') ? object.apiVersion.split('/')[0] : '';
  return `${group}/${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

function assertRelative(directory: string, reference: string, what: string): void {
  if (/^[a-z]+:\/\//.test(reference) || posix.isAbsolute(reference)) {
    throw new Error(
      `${directory}: ${what} '${reference}' must be a relative path (remote bases are not supported)`,
    );
  }
}

function loadResource(
  directory: string,
  reference: string,
  files: KustomizeFileSystem,
): KubernetesObject[] {
  assertRelative(directory, reference, 'resource');
  const path = join(directory, reference);
  if (files.isDirectory(path)) return accumulate(path, files);
  let text: string;
  try {
    text = files.readText(path);
  } catch {
    throw new Error(`${directory}: resource '${reference}' does not exist`);
  }
  return parseYamlDocuments(text, path).map((document) => {
    if (!isKubernetesObject(document))
      throw new Error(`${path}: a document lacks apiVersion, kind or metadata.name`);
    return document;
  });
}

function assertUnique(path: string, objects: readonly KubernetesObject[]): void {
  const seen = new Set<string>();
  for (const object of objects) {
    const id = objectId(object);
    if (seen.has(id))
      throw new Error(`${path}: ${describeObject(object)} is declared more than once`);
    seen.add(id);
  }
}

/** A Component: its resources join what came before, then its transformers run over all of it. */
function applyComponent(
  directory: string,
  reference: string,
  objects: KubernetesObject[],
  files: KustomizeFileSystem,
): void {
  assertRelative(directory, reference, 'component');
  const componentDirectory = join(directory, reference);
  const { path, value: component } = readKustomization(componentDirectory, files);
  assertSupported(path, component, 'Component');
  objects.push(
    ...(component.resources ?? []).flatMap((resource) =>
      loadResource(componentDirectory, resource, files),
    ),
  );
  assertUnique(path, objects);
  applyPatches(path, objects, component.patches ?? []);
  applyReplacements(path, objects, component.replacements ?? []);
}

/** A kustomization's objects before local configuration is dropped (which only the outermost build does). */
function accumulate(directory: string, files: KustomizeFileSystem): KubernetesObject[] {
  const { path, value: kustomization } = readKustomization(directory, files);
  assertSupported(path, kustomization, 'Kustomization');
  const objects = (kustomization.resources ?? []).flatMap((reference) =>
    loadResource(directory, reference, files),
  );
  assertUnique(path, objects);
  for (const reference of kustomization.components ?? [])
    applyComponent(directory, reference, objects, files);
  for (const object of objects)
    for (const entry of kustomization.labels ?? []) applyLabels(object, entry);
  applyPatches(path, objects, kustomization.patches ?? []);
  if (kustomization.namespace) setNamespace(objects, kustomization.namespace);
  if (kustomization.nameSuffix) addNameSuffix(objects, kustomization.nameSuffix);
  setImages(objects, kustomization.images ?? []);
  setReplicas(path, objects, kustomization.replicas ?? []);
  applyReplacements(path, objects, kustomization.replacements ?? []);
  return objects;
}

const isLocalConfig = (object: KubernetesObject): boolean =>
  (object.metadata.annotations as Record<string, string> | undefined)?.[LOCAL_CONFIG_ANNOTATION] ===
  'true';

/** The objects `kustomize build <directory>` would print, for the supported subset. */
export function renderKustomization(
  directory: string,
  files: KustomizeFileSystem = nodeFileSystem,
): KubernetesObject[] {
  return accumulate(directory, files).filter((object) => !isLocalConfig(object));
}
