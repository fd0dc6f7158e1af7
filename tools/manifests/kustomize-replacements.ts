import { describeObject, type KubernetesObject } from './kubernetes-object';

// kustomize `replacements`, the subset k8s/ uses: copy the value at a field of one source object
// (a scalar, or a whole map or list) to fields of the objects each target selects, as `kustomize
// build` does. A source that selects no object or several, or a field that is missing, fails; a
// target that selects nothing is skipped, as in kustomize (one component serves kustomizations
// that hold different objects).

interface Selector {
  kind?: string;
  name?: string;
}

export interface ReplacementEntry {
  source: Selector & { fieldPath?: string; [other: string]: unknown };
  targets: Array<{ select: Selector; fieldPaths: string[]; [other: string]: unknown }>;
  [other: string]: unknown;
}

const SOURCE_FIELDS = new Set(['kind', 'name', 'fieldPath']);
const TARGET_FIELDS = new Set(['select', 'fieldPaths']);
const SELECT_FIELDS = new Set(['kind', 'name']);

const selects = (selector: Selector, object: KubernetesObject): boolean =>
  (selector.kind === undefined || selector.kind === object.kind) &&
  (selector.name === undefined || selector.name === object.metadata.name);

function segmentsOf(source: string, fieldPath: string): string[] {
  if (fieldPath.includes('[') || fieldPath.includes('*'))
    throw new Error(
      `${source}: replacement field path '${fieldPath}' uses a syntax this renderer does not implement`,
    );
  return fieldPath.split('.');
}

function read(node: unknown, segments: readonly string[]): unknown {
  let current = node;
  for (const segment of segments) {
    if (Array.isArray(current))
      current = /^\d+$/.test(segment) ? current[Number(segment)] : undefined;
    else if (typeof current === 'object' && current !== null)
      current = (current as Record<string, unknown>)[segment];
    else return undefined;
  }
  return current;
}

function write(node: unknown, segments: readonly string[], value: unknown): boolean {
  const parent = read(node, segments.slice(0, -1));
  const last = segments[segments.length - 1];
  if (Array.isArray(parent)) {
    if (!/^\d+$/.test(last) || Number(last) >= parent.length) return false;
    parent[Number(last)] = value;
    return true;
  }
  if (typeof parent !== 'object' || parent === null || !(last in parent)) return false;
  (parent as Record<string, unknown>)[last] = value;
  return true;
}

function assertSupported(source: string, entry: ReplacementEntry): void {
  const unknown = [
    ...Object.keys(entry).filter((field) => field !== 'source' && field !== 'targets'),
    ...Object.keys(entry.source ?? {})
      .filter((field) => !SOURCE_FIELDS.has(field))
      .map((field) => `source.${field}`),
    ...(entry.targets ?? []).flatMap((target) => [
      ...Object.keys(target)
        .filter((field) => !TARGET_FIELDS.has(field))
        .map((field) => `targets.${field}`),
      ...Object.keys(target.select ?? {})
        .filter((field) => !SELECT_FIELDS.has(field))
        .map((field) => `targets.select.${field}`),
    ]),
  ];
  if (unknown.length > 0)
    throw new Error(
      `${source}: replacement field(s) ${unknown.join(', ')} not supported by this renderer`,
    );
}

/** Applies each replacement to `objects`, in order. */
export function applyReplacements(
  source: string,
  objects: readonly KubernetesObject[],
  replacements: readonly ReplacementEntry[],
): void {
  for (const entry of replacements) {
    assertSupported(source, entry);
    const from = entry.source;
    const matches = objects.filter((object) => selects(from, object));
    const named = `${from.kind ?? '*'}/${from.name ?? '*'}`;
    if (matches.length !== 1)
      throw new Error(
        `${source}: replacement source ${named} selects ${matches.length} objects, not one`,
      );
    const fieldPath = from.fieldPath ?? 'metadata.name';
    const value = read(matches[0], segmentsOf(source, fieldPath));
    if (value === undefined)
      throw new Error(`${source}: replacement source ${named} has no field ${fieldPath}`);
    for (const target of entry.targets) {
      for (const object of objects.filter((candidate) => selects(target.select, candidate))) {
        for (const path of target.fieldPaths) {
          if (!write(object, segmentsOf(source, path), structuredClone(value))) {
            throw new Error(
              `${source}: replacement target ${describeObject(object)} has no field ${path}`,
            );
          }
        }
      }
    }
  }
}
