import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import ts from 'typescript';

// The arrows of docs/architecture.md are enforced by lint (eslint.config.mjs); these cases show
// the rules bite, so a config change that silently turns them off fails here.
const ROOT = join(__dirname, '..');

// ESLint runs as its own process, since its flat config is an ES module, which Jest's runtime cannot
// import. One process answers every case: it loads the config and the plugins while Nx computes
// the project graph, reads the graph once, then lints each probe as
// `eslint --stdin --stdin-filename <path>` would. (The Nx rule keeps the graph it read for the
// rest of the run only under the eslint command, which it recognises by the script's path.)
const LINTER = `
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
process.argv[1] = join(process.cwd(), 'node_modules/eslint/bin/eslint.js');
const { ESLint } = createRequire(process.cwd() + '/')('eslint');
const eslint = new ESLint({ cwd: process.cwd() });
await eslint.calculateConfigForFile(join(process.cwd(), 'libs/domain/src/index.ts'));
for await (const line of createInterface({ input: process.stdin })) {
  const { id, filePath, code } = JSON.parse(line);
  const [result] = await eslint.lintText(code, { filePath });
  const ruleIds = result.messages.map((message) => message.ruleId ?? message.message);
  process.stdout.write(JSON.stringify({ id, ruleIds }) + '\\n');
}
`;

let linter: ChildProcessWithoutNullStreams;
/** Rejects when the ESLint process dies, failing whichever case was waiting for it. */
let linterExited: Promise<never>;
const pending = new Map<number, (ruleIds: string[]) => void>();
let nextId = 0;
/** Each Nx project's root, and the roots of the projects its files import. */
let projects: Array<{ root: string; imports: string[] }>;

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const id = nextId++;
  const answer = new Promise<string[]>((resolve) => pending.set(id, resolve));
  linter.stdin.write(JSON.stringify({ id, filePath: join(ROOT, filePath), code }) + '\n');
  return Promise.race([answer, linterExited]);
}

jest.setTimeout(60_000);

beforeAll(() => {
  linter = spawn(process.execPath, ['--input-type=module', '--eval', LINTER], { cwd: ROOT });
  let output = '';
  linter.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  linterExited = new Promise<never>((_resolve, reject) =>
    linter.on('exit', (code) => reject(new Error(`ESLint exited with ${code}: ${output}`))),
  );
  linterExited.catch(() => undefined);
  createInterface({ input: linter.stdout }).on('line', (line) => {
    // Anything else ESLint or a plugin prints is kept for the message should it fail.
    if (!line.startsWith('{"id":')) return void (output += `${line}\n`);
    const { id, ruleIds } = JSON.parse(line) as { id: number; ruleIds: string[] };
    pending.get(id)!(ruleIds);
    pending.delete(id);
  });

  // The Nx rule reads the cached project graph; computing it is what `npm run lint` does first.
  const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-graph-'));
  try {
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/nx/dist/bin/nx.js'),
        'graph',
        `--file=${join(scratch, 'graph.json')}`,
      ],
      { cwd: ROOT, env: { ...process.env, NX_DAEMON: 'false' }, stdio: 'ignore' },
    );
    const { graph } = JSON.parse(readFileSync(join(scratch, 'graph.json'), 'utf8')) as {
      graph: {
        nodes: Record<string, { data: { root: string } }>;
        dependencies: Record<string, Array<{ target: string }>>;
      };
    };
    const rootOf = (name: string) => graph.nodes[name]?.data.root;
    projects = Object.keys(graph.nodes).map((name) => ({
      root: rootOf(name)!,
      imports: [
        ...new Set(graph.dependencies[name]!.flatMap(({ target }) => rootOf(target) ?? [])),
      ].filter((root) => root !== rootOf(name)),
    }));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}, 60_000);

afterAll(() => {
  linter.stdin.end();
});

describe('module boundaries', () => {
  it('refuses a domain file importing Nest', async () => {
    expect(
      await ruleIdsFor(
        'libs/domain/src/probe.ts',
        "import { Module } from '@nestjs/common';\nexport const m = Module;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('refuses the domain lib depending on another lib', async () => {
    expect(
      await ruleIdsFor(
        'libs/domain/src/probe.ts',
        "import { createDataSource } from '@gatehouse/persistence';\nexport const c = createDataSource;\n",
      ),
    ).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses a lib depending on an app-level feature above it', async () => {
    expect(
      await ruleIdsFor(
        'libs/persistence/src/probe.ts',
        "import { bootstrapService } from '@gatehouse/platform';\nexport const b = bootstrapService;\n",
      ),
    ).toContain('@nx/enforce-module-boundaries');
  });

  it('keeps the published SDK free of server code', async () => {
    expect(
      await ruleIdsFor(
        'libs/sdk/src/probe.ts',
        "import { objectId } from '@gatehouse/domain';\nexport const o = objectId;\n",
      ),
    ).toContain('@nx/enforce-module-boundaries');
  });

  it('keeps test infrastructure out of production code but lets tests use it', async () => {
    const code =
      "import { findFreePort } from '@gatehouse/testing';\nexport const f = findFreePort;\n";
    expect(await ruleIdsFor('libs/platform/src/probe.ts', code)).toContain(
      '@nx/enforce-module-boundaries',
    );
    expect(await ruleIdsFor('libs/platform/src/probe.int-spec.ts', code)).not.toContain(
      '@nx/enforce-module-boundaries',
    );
  });

  it('lets the settings app name the API shapes it reads, and nothing of the server', async () => {
    expect(
      await ruleIdsFor(
        'apps/web/src/probe.tsx',
        "import type { SessionView } from '@gatehouse/settings-api';\nexport type S = SessionView;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        'apps/web/src/probe.tsx',
        "import type { Principal } from '@gatehouse/identity';\nexport type P = Principal;\n",
      ),
    ).toContain('@nx/enforce-module-boundaries');
    expect(
      await ruleIdsFor(
        'libs/settings-api/src/probe.ts',
        "import type { Clock } from '@gatehouse/domain';\nexport type C = Clock;\n",
      ),
    ).toContain('@nx/enforce-module-boundaries');
  });

  it('lets an app use the libs', async () => {
    expect(
      await ruleIdsFor(
        'apps/auth/src/probe.ts',
        "import { bootstrapService } from '@gatehouse/platform';\nexport const b = bootstrapService;\n",
      ),
    ).toEqual([]);
  });

  it('keeps configuration reads in the config lib', async () => {
    expect(
      await ruleIdsFor('libs/feature-auth/src/probe.ts', 'export const port = process.env.PORT;\n'),
    ).toContain('no-restricted-properties');
  });
});

describe('outbound connections (docs/security.md "Outbound requests")', () => {
  it.each([
    ["import { Agent } from 'undici';\nexport const a = Agent;\n", 'no-restricted-imports'],
    [
      "import { buildConnector } from 'undici';\nexport const b = buildConnector;\n",
      'no-restricted-imports',
    ],
    ["import { request } from 'node:https';\nexport const r = request;\n", 'no-restricted-imports'],
    ["import * as http from 'node:http';\nexport const h = http;\n", 'no-restricted-imports'],
    ["import { connect } from 'node:net';\nexport const c = connect;\n", 'no-restricted-imports'],
    ["import http from 'node:http';\nexport const r = http.request;\n", 'no-restricted-syntax'],
    ["export const r = () => fetch('https://hooks.example.com');\n", 'no-restricted-globals'],
  ])('refuses a raw connection outside the guard: %p', async (code, rule) => {
    expect(await ruleIdsFor('libs/feature-webhooks/src/probe.ts', code)).toContain(rule);
  });

  it('lets the guard, tests and tools open connections, and everyone use undici request with a guarded dispatcher', async () => {
    const raw = "import { Agent } from 'undici';\nexport const a = Agent;\n";
    expect(await ruleIdsFor('libs/platform/src/outbound/probe.ts', raw)).toEqual([]);
    expect(await ruleIdsFor('libs/feature-webhooks/src/probe.spec.ts', raw)).toEqual([]);
    expect(await ruleIdsFor('tools/bench/probe.ts', raw)).toEqual([]);
    const guarded =
      "import { guardedAgent } from '@gatehouse/platform';\nimport { request } from 'undici';\nexport const r = [guardedAgent, request];\n";
    expect(await ruleIdsFor('libs/feature-webhooks/src/probe.ts', guarded)).toEqual([]);
  });
});

describe('one client address (docs/security.md "A client choosing its own address")', () => {
  it("refuses Express's req.ip outside tests, and lets clientAddressOf be used", async () => {
    const expressIp =
      "import type { Request } from 'express';\nexport const ip = (req: Request) => req.ip;\n";
    expect(await ruleIdsFor('libs/feature-auth/src/probe.controller.ts', expressIp)).toContain(
      'no-restricted-syntax',
    );
    expect(await ruleIdsFor('apps/auth/src/probe.ts', expressIp)).toContain('no-restricted-syntax');
    const platform =
      "import type { Request } from 'express';\nimport { clientAddressOf } from '@gatehouse/platform';\nexport const ip = (req: Request) => clientAddressOf(req);\n";
    expect(await ruleIdsFor('libs/feature-auth/src/probe.controller.ts', platform)).toEqual([]);
  });
});

describe('one home per contract', () => {
  it('refuses a topic name written in a feature lib, and lets libs/messaging and tests name them', async () => {
    const topic = "export const TOPIC = 'gatehouse.delivery-replay.v2';\n";
    expect(await ruleIdsFor('libs/feature-webhooks/src/probe.ts', topic)).toContain(
      'no-restricted-syntax',
    );
    expect(await ruleIdsFor('libs/messaging/src/probe.ts', topic)).toEqual([]);
    expect(await ruleIdsFor('libs/feature-delivery/src/probe.int-spec.ts', topic)).toEqual([]);
  });

  it('refuses TypeORM in a port or a domain file', async () => {
    const orm = "import type { EntityManager } from 'typeorm';\nexport type M = EntityManager;\n";
    expect(await ruleIdsFor('libs/feature-webhooks/src/webhooks/ports/probe.ts', orm)).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('libs/domain/src/probe.ts', orm)).toContain('no-restricted-imports');
    expect(
      await ruleIdsFor('libs/feature-webhooks/src/webhooks/infrastructure/probe.ts', orm),
    ).toEqual([]);
  });
});

// `npm run typecheck` is `tsc -b`: tsconfig.json lists one composite project per app and lib (and
// e2e/, tools/), each checked against the declarations of the projects it references, so an edit
// that leaves a project's declarations alone rechecks that project only.
describe('type-check projects (tsconfig.json)', () => {
  /** The projects tsconfig.json lists: each one's config file, its files and the folders it references. */
  function typeCheckProjects() {
    const solution = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config as {
      references: Array<{ path: string }>;
    };
    return solution.references.map(({ path }) => {
      const file = join(ROOT, path.endsWith('.json') ? path : join(path, 'tsconfig.json'));
      const parsed = ts.getParsedCommandLineOfConfigFile(file, undefined, {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      })!;
      return {
        file: relative(ROOT, file),
        files: new Set(parsed.fileNames.map((name) => relative(ROOT, name))),
        references: (parsed.projectReferences ?? []).map(({ path: reference }) =>
          relative(ROOT, reference.endsWith('.json') ? dirname(reference) : reference),
        ),
      };
    });
  }

  it('has every app and lib reference exactly the projects it imports', () => {
    const configs = typeCheckProjects();
    const referencedBy = (root: string) => [
      ...new Set(
        configs
          .filter(({ file }) => dirname(file) === root)
          .flatMap(({ references }) => references.filter((reference) => reference !== root)),
      ),
    ];
    const line = (root: string, dependencies: string[]) =>
      `${root} -> ${[...dependencies].sort().join(' ')}`;
    expect(projects.map(({ root }) => line(root, referencedBy(root))).sort()).toEqual(
      projects.map(({ root, imports }) => line(root, imports)).sort(),
    );
  });

  it('checks every TypeScript file of apps/, libs/, e2e/ and tools/ in exactly one project', () => {
    const configs = typeCheckProjects();
    const sources = (folder: string): string[] =>
      readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
        const path = join(folder, entry.name);
        if (entry.isDirectory())
          return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
        return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
      });
    const notInOneProject = ['apps', 'libs', 'e2e', 'tools']
      .flatMap(sources)
      .map((file) => ({
        file,
        projects: configs.filter(({ files }) => files.has(file)).map(({ file }) => file),
      }))
      .filter(({ projects }) => projects.length !== 1);
    expect(notInOneProject).toEqual([]);
  });
});

describe('tests wait for their condition, never a fixed time', () => {
  // The four shapes a fixed wait takes: a sleep, a promise only a timer settles, a handler made
  // slow on purpose, and the promise form of node:timers.
  const fixedWaits = [
    "import { setTimeout as sleep } from 'node:timers/promises';",
    'export async function probe(res: { end(): void }) {',
    '  await new Promise((resolve) => setTimeout(resolve, 500));',
    "  await new Promise((settle) => setTimeout(() => settle('waiting'), 500));",
    '  setTimeout(() => res.end(), 1_000);',
    '  await sleep(100);',
    '}',
    '',
  ].join('\n');
  const count = (ruleIds: string[]) => ruleIds.filter((id) => id === 'no-restricted-syntax').length;

  it('refuses each in specs, contract suites and test support', async () => {
    expect(count(await ruleIdsFor('libs/messaging/src/probe.int-spec.ts', fixedWaits))).toBe(4);
    expect(count(await ruleIdsFor('libs/flow-state/src/probe.contract.ts', fixedWaits))).toBe(4);
    expect(count(await ruleIdsFor('e2e/foundation/support/probe.ts', fixedWaits))).toBe(4);
  });

  it('leaves production code, a deadline race, waitUntil and staysTrueFor alone', async () => {
    expect(await ruleIdsFor('libs/messaging/src/probe.ts', fixedWaits)).toEqual([]);
    expect(await ruleIdsFor('libs/testing/src/wait/probe.ts', fixedWaits)).toEqual([]);
    const conditions = [
      "import { staysTrueFor, waitUntil } from '@gatehouse/testing';",
      'export async function probe(done: () => boolean, work: Promise<void>, ms: number) {',
      "  await waitUntil('the work', done);",
      "  await staysTrueFor('nothing more', done, 200);",
      '  await Promise.race([',
      '    work,',
      "    new Promise((_, reject) => setTimeout(() => reject(new Error('too slow')), ms)),",
      '  ]);',
      '}',
      '',
    ].join('\n');
    expect(await ruleIdsFor('libs/messaging/src/probe.spec.ts', conditions)).toEqual([]);
  });
});
