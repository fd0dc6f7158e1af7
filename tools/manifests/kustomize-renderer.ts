import { readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { isKubernetesObject, describeObject, type KubernetesObject } from './kubernetes-object';
import {
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
// directories), `labels`, JSON 6902 `patches`, `namespace`, `images` and `replicas`. Any other
// field fails loudly instead of being ignored, so the rendering the tests validate is never
// quietly different from what kustomize would produce.

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
  labels?: LabelsEntry[];
  patches?: PatchEntry[];
  namespace?: string;
  images?: ImageEntry[];
  replicas?: ReplicaEntry[];
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'labels', 'patches', 'namespace', 'images', 'replicas']);
const KUSTOMIZATION_FILE_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const POD_TEMPLATE_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

function readKustomization(directory: string, files: KustomizeFileSystem): { path: string; value: Kustomization } {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const path = join(directory, name);
    let text: string;
    try {
      text = files.readText(path);
    } catch {
      continue;
    }
    const [value] = parseYamlDocuments(text, path);
    if (typeof value !== 'object' || value === null) throw new Error(`${path}: not a Kustomization`);
    return { path, value: value as Kustomization };
  }
  throw new Error(`${directory}: no kustomization.yaml`);
}

function assertSupported(path: string, kustomization: Kustomization): void {
  const unsupported = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0) {
    throw new Error(`${path}: field(s) ${unsupported.join(', ')} not supported by this renderer`);
  }
  if (kustomization.kind !== undefined && kustomization.kind !== 'Kustomization') {
    throw new Error(`${path}: kind must be Kustomization`);
  }
  for (const entry of kustomization.labels ?? []) {
    if (entry.includeSelectors) {
      throw new Error(`${path}: labels with includeSelectors are not supported by this renderer`);
    }
  }
}

function addLabels(target: { labels?: Record<string, string> }, pairs: Record<string, string>): void {
  target.labels = { ...(target.labels ?? {}), ...pairs };
}

function applyLabels(object: KubernetesObject, entry: LabelsEntry): void {
  addLabels(object.metadata, entry.pairs);
  if (!entry.includeTemplates || !POD_TEMPLATE_KINDS.has(object.kind)) return;
  const spec = object.spec as { template?: { metadata?: { labels?: Record<string, string> } } } | undefined;
  if (!spec?.template) return;
  spec.template.metadata ??= {};
  addLabels(spec.template.metadata, entry.pairs);
}

function objectId(object: KubernetesObject): string {
  const group = object.apiVersion.includes('/') ? object.apiVersion.split('/')[0] : '';
  return `${group}/${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

function loadResource(directory: string, reference: string, files: KustomizeFileSystem): KubernetesObject[] {
  if (/^[a-z]+:\/\//.test(reference) || posix.isAbsolute(reference)) {
    throw new Error(`${directory}: resource '${reference}' must be a relative path (remote bases are not supported)`);
  }
  const path = join(directory, reference);
  if (files.isDirectory(path)) return renderKustomization(path, files);
  let text: string;
  try {
    text = files.readText(path);
  } catch {
    throw new Error(`${directory}: resource '${reference}' does not exist`);
  }
  return parseYamlDocuments(text, path).map((document) => {
    if (!isKubernetesObject(document)) throw new Error(`${path}: a document lacks apiVersion, kind or metadata.name`);
    return document;
  });
}

/** The objects `kustomize build <directory>` would print, for the supported subset. */
export function renderKustomization(directory: string, files: KustomizeFileSystem = nodeFileSystem): KubernetesObject[] {
  const { path, value: kustomization } = readKustomization(directory, files);
  assertSupported(path, kustomization);
  const objects = (kustomization.resources ?? []).flatMap((reference) => loadResource(directory, reference, files));
  const seen = new Set<string>();
  for (const object of objects) {
    const id = objectId(object);
    if (seen.has(id)) throw new Error(`${path}: ${describeObject(object)} is declared more than once`);
    seen.add(id);
    for (const entry of kustomization.labels ?? []) applyLabels(object, entry);
  }
  applyPatches(path, objects, kustomization.patches ?? []);
  if (kustomization.namespace) setNamespace(objects, kustomization.namespace);
  setImages(objects, kustomization.images ?? []);
  setReplicas(path, objects, kustomization.replicas ?? []);
  return objects;
}
