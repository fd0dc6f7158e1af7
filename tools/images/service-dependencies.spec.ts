import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_SERVICES, manifestDirectory, type ImageService } from './image-services';
import { lockSubset, locate, type PackageLock } from './locked-closure';
import {
  packageOfSpecifier,
  requiresOf,
  sourceGraphFrom,
  sourceGraphOf,
  type ModuleGraph,
} from './module-graph';
import {
  jsonText,
  LOADED_BY_NAME,
  packagesOf,
  readRootLock,
  serviceDependencies,
  UNTAKEN_PATHS,
} from './service-dependencies';

const ROOT = join(__dirname, '..', '..');
const graphs = new Map<ImageService, ModuleGraph>(
  IMAGE_SERVICES.map((service) => [service, sourceGraphOf(service)]),
);
const graph = (service: ImageService) => graphs.get(service)!;
const generated = new Map(
  IMAGE_SERVICES.map((service) => [service, serviceDependencies(service, graph(service))]),
);
const shipped = (service: ImageService) =>
  Object.keys(generated.get(service)!.manifest.dependencies);
const committed = (service: ImageService, file: string) =>
  readFileSync(join(ROOT, manifestDirectory(service), file), 'utf8');

describe('the requires of compiled code', () => {
  it('tells requires at the top level from those inside a function, and reads no other call', () => {
    const code = [
      'const _a = require("a");',
      '_export_star(require("./b"), exports);',
      'function later() { return require.resolve("c/package.json"); }',
      'const lazy = () => Promise.resolve().then(() => _interop_require_wildcard(require("./d")));',
      'class K { m() { require("e"); } }',
      '// require("commented")',
      'const text = "require(\'in-a-string\')";',
      'require(dynamic);',
      'load("f");',
    ].join('\n');

    expect(requiresOf(code)).toEqual([
      { specifier: 'a', lazy: false },
      { specifier: './b', lazy: false },
      { specifier: 'c/package.json', lazy: true },
      { specifier: './d', lazy: true },
      { specifier: 'e', lazy: true },
    ]);
  });

  it.each([
    ['typeorm/driver/postgres', 'typeorm'],
    ['@nestjs/common/utils', '@nestjs/common'],
    ['ipaddr.js', 'ipaddr.js'],
    ['node:crypto', null],
    ['crypto', null],
    ['fs/promises', null],
  ])('names the package of %s: %s', (specifier, name) => {
    expect(packageOfSpecifier(specifier)).toBe(name);
  });
});

describe('a lockfile cut out of the root lock', () => {
  const root: PackageLock = {
    name: 'root',
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'root', version: '1.0.0', dependencies: { a: '^1', b: '^1', dev: '^1' } },
      'node_modules/a': {
        version: '1.0.0',
        license: 'MIT',
        dependencies: { c: '^2' },
        optionalDependencies: { native: '^1' },
      },
      'node_modules/a/node_modules/c': { version: '2.0.0', license: 'MIT' },
      'node_modules/b': {
        version: '1.0.0',
        license: 'MIT',
        dependencies: { c: '^1' },
        peerDependencies: { peer: '^1', extra: '^1' },
        peerDependenciesMeta: { extra: { optional: true } },
      },
      'node_modules/c': { version: '1.0.0', license: 'MIT' },
      'node_modules/native': { version: '1.0.0', license: 'MIT', optional: true, os: ['linux'] },
      'node_modules/peer': { version: '1.0.0', license: 'MIT', peer: true },
      'node_modules/extra': { version: '1.0.0', license: 'MIT', dev: true },
      'node_modules/dev': { version: '1.0.0', dev: true, license: 'MIT' },
    },
  };

  it('finds a dependency where Node would: nested first, then up the tree', () => {
    expect(locate(root.packages, 'node_modules/a', 'c')).toBe('node_modules/a/node_modules/c');
    expect(locate(root.packages, 'node_modules/b', 'c')).toBe('node_modules/c');
    expect(locate(root.packages, 'node_modules/a/node_modules/c', 'b')).toBe('node_modules/b');
    expect(locate(root.packages, 'node_modules/a', 'missing')).toBeNull();
  });

  it("holds what the chosen packages need, at the root's versions, with npm's flags", () => {
    const rootEntry = {
      name: 'only-a-b',
      version: '1.0.0',
      dependencies: { a: '1.0.0', b: '1.0.0' },
    };
    const lock = lockSubset(root, 'only-a-b', rootEntry, ['a', 'b']);

    expect(lock.packages).toEqual({
      '': rootEntry,
      'node_modules/a': root.packages['node_modules/a'],
      'node_modules/a/node_modules/c': root.packages['node_modules/a/node_modules/c'],
      'node_modules/b': root.packages['node_modules/b'],
      'node_modules/c': root.packages['node_modules/c'],
      'node_modules/native': { version: '1.0.0', license: 'MIT', optional: true, os: ['linux'] },
      'node_modules/peer': { version: '1.0.0', license: 'MIT', peer: true },
    });
  });

  it('drops a flag the smaller tree does not earn, and refuses a dependency the root lock lacks', () => {
    expect(
      lockSubset(root, 'peer-only', { name: 'peer-only' }, ['peer']).packages['node_modules/peer'],
    ).toEqual({ version: '1.0.0', license: 'MIT' });
    expect(() => lockSubset(root, 'x', { name: 'x' }, ['missing'])).toThrow(
      'the root needs missing, which package-lock.json lacks',
    );
  });
});

describe('the packages of each image (deploy/images)', () => {
  it.each(IMAGE_SERVICES)(
    "%s: package.json and package-lock.json are what its code loads, at the root lock's versions",
    (service) => {
      const { manifest, lock } = generated.get(service)!;
      // `npm run images:dependencies` writes them again.
      expect(committed(service, 'package.json')).toBe(jsonText(manifest));
      expect(committed(service, 'package-lock.json')).toBe(jsonText(lock));
    },
  );

  it('ships the Kubernetes client in the delivery worker and the all-in-one alone, PGlite in the all-in-one and the CLI alone', () => {
    const shipping = (name: string) => IMAGE_SERVICES.filter((s) => shipped(s).includes(name));

    expect(shipping('@kubernetes/client-node')).toEqual(['delivery-worker', 'gatehouse']);
    expect(shipping('@electric-sql/pglite')).toEqual(['gatehouse', 'cli']);
    expect(shipping('commander')).toEqual(['cli']);
    expect(shipping('pg')).toEqual([...IMAGE_SERVICES]);
  });

  it('ships every package a process loads at start', () => {
    for (const service of IMAGE_SERVICES)
      expect(shipped(service)).toEqual(expect.arrayContaining([...graph(service).eager.keys()]));
  });

  it('leaves out only lazy packages on a path the process never takes, each path still the only way there', () => {
    for (const path of UNTAKEN_PATHS) {
      const notTaking = IMAGE_SERVICES.filter((service) => !path.takenBy(service));
      const reaching = notTaking.filter((service) =>
        path.packages.some((name) => graph(service).lazy.has(name)),
      );
      // A path no process reaches, or that every process takes, saves nothing: remove it.
      expect({ path: path.why, saves: reaching.length > 0 }).toEqual({
        path: path.why,
        saves: true,
      });
      for (const service of reaching) {
        for (const name of path.packages) {
          expect({ service, name, eager: graph(service).eager.get(name) }).toEqual({
            service,
            name,
            eager: undefined,
          });
          for (const file of graph(service).lazy.get(name) ?? [])
            expect(path.requiredIn).toContain(file);
          expect(shipped(service)).not.toContain(name);
        }
      }
    }
  });

  it('adds a package a dependency loads by name only where that dependency is, and only an optional peer of it', () => {
    const lock = readRootLock();
    for (const [loader, loaded] of Object.entries(LOADED_BY_NAME)) {
      const entry = lock.packages[`node_modules/${loader}`]!;
      for (const name of loaded) {
        expect(entry.peerDependencies).toHaveProperty([name]);
        expect(entry.peerDependenciesMeta?.[name]?.optional).toBe(true);
        for (const service of IMAGE_SERVICES)
          expect(shipped(service).includes(name)).toBe(shipped(service).includes(loader));
      }
    }
  });

  it('leaves a lazy package in unless a path says why not', () => {
    const lazyOnly: ModuleGraph = {
      files: [],
      eager: new Map([['typeorm', ['libs/x.ts']]]),
      lazy: new Map([
        ['yaml', ['libs/persistence/src/seed/load-seed-file.ts']],
        ['@kubernetes/client-node', ['libs/somewhere-else.ts']],
      ]),
    };

    expect([...packagesOf('webhook-management', lazyOnly).keys()]).toEqual([
      '@kubernetes/client-node',
      'pg',
      'typeorm',
    ]);
    expect([...packagesOf('gatehouse', lazyOnly).keys()]).toEqual([
      '@kubernetes/client-node',
      'pg',
      'typeorm',
      'yaml',
    ]);
  });
});

describe('TypeORM in each process that loads it at start', () => {
  const TRACING = 'libs/platform/src/tracing.ts';
  const STAND_IN = 'libs/persistence/src/postgres-driver-only.ts';
  const loadingTypeorm = IMAGE_SERVICES.filter((service) => graph(service).eager.has('typeorm'));

  it('is every service but the CLI, which loads it only for its admin commands', () => {
    expect(loadingTypeorm).toEqual(IMAGE_SERVICES.filter((service) => service !== 'cli'));
  });

  it.each(loadingTypeorm)(
    '%s: its main file puts the PostgreSQL-only driver factory in place before anything that can load TypeORM',
    (service) => {
      // The walk lists a file's own requires first, in order: the main file's first two.
      expect(graph(service).files.slice(1, 3)).toEqual([TRACING, STAND_IN]);
      expect(sourceGraphFrom(TRACING).eager.has('typeorm')).toBe(false);
    },
  );
});
