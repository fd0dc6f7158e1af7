import { applyPatch, type Operation } from 'fast-json-patch';
import type { KubernetesObject } from './kubernetes-object';
import { parseYamlDocuments } from './yaml-documents';

// The kustomize transformers k8s/overlays use, applied as `kustomize build` applies them: RFC 6902
// JSON patches selected by target, the namespace, image names and tags, replica counts.

export interface PatchTarget {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
}

export interface PatchEntry {
  target?: PatchTarget;
  patch?: string;
  path?: string;
  options?: unknown;
}

export interface ImageEntry {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

export interface ReplicaEntry {
  name: string;
  count: number;
}

const POD_TEMPLATE_PATHS: Readonly<Record<string, readonly string[]>> = {
  Deployment: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};
const SCALABLE_KINDS = new Set(['Deployment', 'StatefulSet', 'ReplicaSet']);
const CLUSTER_SCOPED_KINDS = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'PriorityClass',
  'IngressClass',
  'ValidatingWebhookConfiguration',
  'MutatingWebhookConfiguration',
]);

function groupAndVersion(apiVersion: string): { group: string; version: string } {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return { group, version };
}

function matchesTarget(object: KubernetesObject, target: PatchTarget): boolean {
  const { group, version } = groupAndVersion(object.apiVersion);
  return (
    (target.kind === undefined || target.kind === object.kind) &&
    (target.name === undefined || target.name === object.metadata.name) &&
    (target.group === undefined || target.group === group) &&
    (target.version === undefined || target.version === version)
  );
}

function jsonPatchOf(source: string, entry: PatchEntry): Operation[] {
  if (entry.path !== undefined)
    throw new Error(
      `${source}: patches from files (path) are not supported by this renderer; write the patch inline`,
    );
  if (entry.options !== undefined)
    throw new Error(`${source}: patch options are not supported by this renderer`);
  if (!entry.target)
    throw new Error(
      `${source}: a patch without target is a strategic merge patch, not supported by this renderer`,
    );
  const [operations] = parseYamlDocuments(entry.patch ?? '', source);
  if (!Array.isArray(operations))
    throw new Error(
      `${source}: only JSON 6902 patches (a list of operations) are supported by this renderer`,
    );
  return operations as Operation[];
}

/** Applies each JSON patch to the objects its target selects; a target that selects nothing fails. */
export function applyPatches(
  source: string,
  objects: KubernetesObject[],
  patches: readonly PatchEntry[],
): void {
  for (const entry of patches) {
    const operations = jsonPatchOf(source, entry);
    const targets = objects.filter((object) => matchesTarget(object, entry.target!));
    if (targets.length === 0)
      throw new Error(`${source}: patch target ${JSON.stringify(entry.target)} matches no object`);
    for (const object of targets) {
      try {
        applyPatch(object, structuredClone(operations), true, true);
      } catch (error) {
        throw new Error(
          `${source}: patch of ${object.kind}/${object.metadata.name} failed: ${(error as Error).message.split('\n')[0]}`,
        );
      }
    }
  }
}

/**
 * Sets metadata.namespace of every namespaced object, and of RoleBinding subjects named `default`
 * (kustomize's default); a Namespace object is renamed to it, as kustomize does.
 */
export function setNamespace(objects: readonly KubernetesObject[], namespace: string): void {
  for (const object of objects) {
    if (object.kind === 'Namespace') object.metadata.name = namespace;
    if (CLUSTER_SCOPED_KINDS.has(object.kind)) continue;
    object.metadata.namespace = namespace;
    if (object.kind === 'RoleBinding' || object.kind === 'ClusterRoleBinding') {
      for (const subject of (object.subjects ?? []) as Array<{
        kind: string;
        name: string;
        namespace?: string;
      }>) {
        if (subject.kind === 'ServiceAccount' && subject.name === 'default')
          subject.namespace = namespace;
      }
    }
  }
}

/**
 * Appends `suffix` to every object's name but a Namespace's. Kustomize also rewrites references to
 * renamed objects; this renderer does not, so it refuses to rename a kind others refer to by name.
 */
export function addNameSuffix(objects: readonly KubernetesObject[], suffix: string): void {
  for (const object of objects) {
    if (object.kind === 'Namespace') continue;
    if (!SUFFIXABLE_KINDS.has(object.kind))
      throw new Error(
        `nameSuffix on ${object.kind}/${object.metadata.name}: this renderer renames only ${[...SUFFIXABLE_KINDS].join(', ')}`,
      );
    object.metadata.name += suffix;
  }
}

const SUFFIXABLE_KINDS = new Set(['Job']);

function podSpecOf(
  object: KubernetesObject,
):
  | { containers?: Array<{ image?: string }>; initContainers?: Array<{ image?: string }> }
  | undefined {
  const path = POD_TEMPLATE_PATHS[object.kind];
  if (!path) return undefined;
  let node: unknown = object;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return node as ReturnType<typeof podSpecOf>;
}

/** `repo/name:tag@digest` → its name, tag and digest, as kustomize splits it. */
function splitImage(image: string): { name: string; tag?: string; digest?: string } {
  const [withoutDigest, digest] = image.split('@');
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return colon === -1
    ? { name: withoutDigest, digest }
    : { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1), digest };
}

/** Rewrites container images whose name is an entry's `name`. */
export function setImages(
  objects: readonly KubernetesObject[],
  images: readonly ImageEntry[],
): void {
  for (const object of objects) {
    const pod = podSpecOf(object);
    for (const container of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
      if (!container.image) continue;
      const current = splitImage(container.image);
      const entry = images.find((candidate) => candidate.name === current.name);
      if (!entry) continue;
      const name = entry.newName ?? current.name;
      if (entry.digest) container.image = `${name}@${entry.digest}`;
      else if (entry.newTag) container.image = `${name}:${entry.newTag}`;
      else
        container.image = `${name}${current.tag ? `:${current.tag}` : ''}${current.digest ? `@${current.digest}` : ''}`;
    }
  }
}

/** Sets spec.replicas of the workloads named by the entries; an entry that names none fails. */
export function setReplicas(
  source: string,
  objects: readonly KubernetesObject[],
  replicas: readonly ReplicaEntry[],
): void {
  for (const entry of replicas) {
    const targets = objects.filter(
      (object) => SCALABLE_KINDS.has(object.kind) && object.metadata.name === entry.name,
    );
    if (targets.length === 0)
      throw new Error(`${source}: replicas for '${entry.name}' match no workload`);
    for (const target of targets) (target.spec as Record<string, unknown>).replicas = entry.count;
  }
}
