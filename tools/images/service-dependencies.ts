import { configVariables } from '@gatehouse/config/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ImageService } from './image-services';
import { lockSubset, type LockEntry, type PackageLock } from './locked-closure';
import { sourceGraphOf, type ModuleGraph } from './module-graph';

// What each image installs: the npm packages its process loads, at the versions of the root
// package-lock.json, written as deploy/images/<service>/package.json and package-lock.json for
// the Dockerfile's `npm ci --omit=dev` (`npm run images:dependencies` writes them;
// service-dependencies.spec.ts fails when they drift from the code or the root lock).
//
// A package the process's main file reaches at the top level of its files is loaded at start:
// it is in. One reached only through a require inside a function (module-graph.ts) is in too,
// unless a path below says the process never takes the only way there.

const ROOT = join(__dirname, '..', '..');

/** A lazy way to some packages that a process, by its configuration, never takes. */
export interface UntakenPath {
  packages: readonly string[];
  /** The files whose lazy requires reach the packages: the path is this and nothing else. */
  requiredIn: readonly string[];
  why: string;
  takenBy(service: ImageService): boolean;
}

const variable = (name: string) => {
  const found = configVariables().find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} is not a configuration variable`);
  return found;
};
/** The CLI reads no configuration through @gatehouse/config: its commands take every path. */
const reads = (service: ImageService, name: string) =>
  service === 'cli' || (variable(name).apps as readonly string[]).includes(service);
const requires = (service: ImageService, name: string) =>
  service !== 'cli' && (variable(name).requiredBy as readonly string[]).includes(service);

export const UNTAKEN_PATHS: readonly UntakenPath[] = [
  {
    packages: ['@electric-sql/pglite', '@electric-sql/pglite-socket'],
    requiredIn: ['libs/persistence/src/data-source/pglite-socket-bridge.ts'],
    why: 'PGlite, the embedded database, opens only without DATABASE_URL (the all-in-one, the CLI on its data directory); the services require DATABASE_URL',
    takenBy: (service) => !requires(service, 'DATABASE_URL'),
  },
  {
    packages: ['@kubernetes/client-node'],
    requiredIn: [
      'libs/feature-delivery/src/jobs/infrastructure/client-node-kubernetes-jobs-api.ts',
    ],
    why: "the Kubernetes Job launcher, started only by a process that launches Jobs, which reads GATEHOUSE_KUBERNETES_JOB_NAMESPACE (the delivery worker, the all-in-one; webhook-management reads GATEHOUSE_JOB_LAUNCHER only to say whether Jobs run); webhook-management reaches its file through feature-delivery's index",
    takenBy: (service) => reads(service, 'GATEHOUSE_KUBERNETES_JOB_NAMESPACE'),
  },
  {
    packages: ['yaml'],
    requiredIn: ['libs/persistence/src/seed/load-seed-file.ts'],
    why: "a YAML seed file, read only by the all-in-one (GATEHOUSE_SEED, its demo seed) and the CLI's `admin seed`",
    takenBy: (service) => reads(service, 'GATEHOUSE_SEED'),
  },
];

/**
 * Packages a dependency loads by name, not declaring them (optional peers), so no require in
 * Gatehouse's code names them: TypeORM's PostgreSQL driver loads `pg`.
 */
export const LOADED_BY_NAME: Readonly<Record<string, readonly string[]>> = {
  typeorm: ['pg'],
};

export interface RootPackage {
  name: string;
  version: string;
  license?: string;
  engines?: Record<string, string>;
  dependencies: Record<string, string>;
}

export const readRootPackage = (): RootPackage =>
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as RootPackage;
export const readRootLock = (): PackageLock =>
  JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as PackageLock;

/** The packages `service` installs, each with why: the file that loads it, or the path. */
export function packagesOf(service: ImageService, graph: ModuleGraph): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const [name, files] of graph.eager) chosen.set(name, `loaded at start (${files[0]})`);
  for (const [name, files] of graph.lazy) {
    const untaken = UNTAKEN_PATHS.find(
      (path) =>
        path.packages.includes(name) &&
        !path.takenBy(service) &&
        files.every((file) => path.requiredIn.includes(file)),
    );
    if (!untaken) chosen.set(name, `loaded when called (${files[0]})`);
  }
  for (const [loader, loaded] of Object.entries(LOADED_BY_NAME)) {
    if (!chosen.has(loader)) continue;
    for (const name of loaded) chosen.set(name, `loaded by ${loader}`);
  }
  return new Map([...chosen].sort(([a], [b]) => a.localeCompare(b, 'en')));
}

export interface ServiceManifest {
  name: string;
  version: string;
  private: true;
  description: string;
  license?: string;
  engines?: Record<string, string>;
  dependencies: Record<string, string>;
}

export interface ServiceDependencies {
  packages: Map<string, string>;
  manifest: ServiceManifest;
  lock: PackageLock;
}

/** The generated manifest and lockfile of `service`, from its graph and the root's files. */
export function serviceDependencies(
  service: ImageService,
  graph: ModuleGraph = sourceGraphOf(service),
  root: RootPackage = readRootPackage(),
  rootLock: PackageLock = readRootLock(),
): ServiceDependencies {
  const packages = packagesOf(service, graph);
  const dependencies: Record<string, string> = {};
  for (const [name, why] of packages) {
    if (!(name in root.dependencies))
      throw new Error(`${service} needs ${name} (${why}), not a dependency of package.json`);
    const version = rootLock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`package-lock.json holds no node_modules/${name}`);
    dependencies[name] = version;
  }
  const name = `gatehouse-${service}`;
  const manifest: ServiceManifest = {
    name,
    version: root.version,
    private: true,
    description: `The packages dist/apps/${service}/src/main.js loads, at the versions of the root package-lock.json. Written by npm run images:dependencies: do not edit.`,
    ...(root.license ? { license: root.license } : {}),
    ...(root.engines ? { engines: root.engines } : {}),
    dependencies,
  };
  const rootEntry: LockEntry = {
    name,
    version: root.version,
    ...(root.license ? { license: root.license } : {}),
    dependencies,
    ...(root.engines ? { engines: root.engines } : {}),
  };
  const lock = lockSubset(rootLock, name, rootEntry, Object.keys(dependencies));
  return { packages, manifest, lock };
}

/** A generated file's text: JSON as npm and Prettier write it. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
