// A lockfile for a subset of the root package's production dependencies, cut out of the root
// package-lock.json: the entries those dependencies need (their dependencies, optional
// dependencies and required peers, found where Node would find them), copied as they are, so
// `npm ci` on it installs the very versions the root lock holds and nothing else. The dev,
// optional and peer flags are worked out again for the smaller tree, as npm would.

export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface PackageLock {
  name: string;
  version: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

type EdgeType = 'prod' | 'optional' | 'peer';

interface Edge {
  name: string;
  type: EdgeType;
}

function edgesOf(entry: LockEntry): Edge[] {
  const optionalPeer = (name: string) => entry.peerDependenciesMeta?.[name]?.optional === true;
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, type: 'prod' as const })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({
      name,
      type: 'optional' as const,
    })),
    // An optional peer is the dependent's to bring: npm installs none for it.
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => !optionalPeer(name))
      .map((name) => ({ name, type: 'peer' as const })),
  ];
}

/** The lock path Node finds `name` at from the package at `from` ('' for the root). */
export function locate(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | null {
  let dir = from;
  for (;;) {
    const candidate = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (dir === '') return null;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

/** Lock paths reachable from the root's `direct` dependencies along edges of `types`. */
function reachable(
  lock: PackageLock,
  direct: readonly string[],
  types: ReadonlySet<EdgeType>,
): Set<string> {
  const found = new Set<string>();
  const queue: Array<{ from: string; edge: Edge }> = direct.map((name) => ({
    from: '',
    edge: { name, type: 'prod' },
  }));
  while (queue.length > 0) {
    const { from, edge } = queue.shift()!;
    if (!types.has(edge.type)) continue;
    const path = locate(lock.packages, from, edge.name);
    if (!path) {
      if (edge.type === 'optional') continue;
      throw new Error(`${from || 'the root'} needs ${edge.name}, which package-lock.json lacks`);
    }
    if (found.has(path)) continue;
    const entry = lock.packages[path]!;
    if (entry.link) throw new Error(`${path} is a workspace link: images hold no workspace`);
    found.add(path);
    for (const next of edgesOf(entry)) queue.push({ from: path, edge: next });
  }
  return found;
}

const FLAGS = ['dev', 'optional', 'devOptional', 'peer'] as const;

/** `entry` with `flags` instead of its own, where npm writes them: after the license. */
function withFlags(entry: LockEntry, flags: LockEntry): LockEntry {
  const fields = Object.entries(entry).filter(
    ([key]) => !(FLAGS as readonly string[]).includes(key),
  );
  const after = fields.findIndex(([key]) => key === 'license');
  const at = after === -1 ? fields.findIndex(([key]) => key === 'integrity') + 1 : after + 1;
  return Object.fromEntries([
    ...fields.slice(0, at),
    ...Object.entries(flags),
    ...fields.slice(at),
  ]);
}

/**
 * The lockfile of a package named `name` whose dependencies are `direct`, each at the root lock's
 * version. Throws when a dependency the subset needs is missing from the root lock.
 */
export function lockSubset(
  root: PackageLock,
  name: string,
  rootEntry: LockEntry,
  direct: readonly string[],
): PackageLock {
  const all = reachable(root, direct, new Set(['prod', 'optional', 'peer']));
  const notOptional = reachable(root, direct, new Set(['prod', 'peer']));
  const notPeer = reachable(root, direct, new Set(['prod', 'optional']));
  const packages: Record<string, LockEntry> = { '': rootEntry };
  for (const path of [...all].sort((a, b) => a.localeCompare(b, 'en'))) {
    const flags: LockEntry = {};
    if (!notOptional.has(path)) flags.optional = true;
    if (!notPeer.has(path)) flags.peer = true;
    packages[path] = withFlags(root.packages[path]!, flags);
  }
  return { name, version: root.version, lockfileVersion: 3, requires: true, packages };
}
