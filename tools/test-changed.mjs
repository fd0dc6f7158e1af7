// `npm run test:changed [-- --base=<ref>] [--head=<ref>] [--dry-run] [Jest options]`: the unit and
// integration specs of the projects a change touches and of the projects that depend on them (Nx
// affected), and the tools/ specs that check the files outside any project. The change is from
// where the branch left --base (origin/main, else main, else on main itself HEAD~1) to --head, or
// without --head to the working tree, uncommitted and untracked files included. `npm test` stays
// the full run.
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

/** Files Nx counts in no project (or not as code), and the specs that read them. */
const OUTSIDE_PROJECTS = [
  // Quoted paths in docs and in every file's comments: any change can leave one pointing at nothing.
  { files: /./, specs: ['tools/docs-links.spec.ts'] },
  { files: /^(README\.md|\.ci\/)/, specs: ['tools/readme.spec.ts'] },
  {
    files: /^(k8s|deploy)\/|^(Dockerfile|docker-compose\.yml|\.dockerignore)$/,
    specs: ['tools/manifests/'],
  },
  { files: /^(k8s\/monitoring|deploy\/grafana)\//, specs: ['tools/monitoring/'] },
  {
    files: /^eslint\.config\.mjs$|(^|\/)tsconfig(\.[a-z]+)?\.json$/,
    specs: ['tools/module-boundaries.spec.ts'],
  },
  // A spec under tools/ runs alone; any other file there may be read by any of them.
  { files: /^tools\/.*\.(spec|int-spec)\.ts$/, specs: (file) => [file] },
  { files: /^tools\/(?!.*\.(spec|int-spec)\.ts$)/, specs: ['tools/'] },
];
/** Files every spec runs under: a change to one runs every project's specs. */
const EVERY_SPEC = /^(jest\.config\.js|\.swcrc)$/;

const options = { base: undefined, head: undefined, dryRun: false, jest: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const [name, inline] = argv[i].split(/=(.*)/s);
  if (name === '--base' || name === '--head') {
    options[name.slice(2)] = inline ?? argv[++i];
  } else if (name === '--dry-run') {
    options.dryRun = true;
  } else {
    options.jest.push(argv[i]);
  }
}

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const gitLines = (...args) =>
  git(...args)
    .split('\n')
    .filter(Boolean);
const refExists = (ref) =>
  spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root })
    .status === 0;

function defaultBase() {
  if (refExists('origin/main')) return 'origin/main';
  if (refExists('main') && git('rev-parse', 'main') !== git('rev-parse', 'HEAD')) return 'main';
  return refExists('HEAD~1') ? 'HEAD~1' : 'HEAD';
}
const base = options.base ?? defaultBase();
const head = options.head;

const mergeBase = git('merge-base', base, head ?? 'HEAD');
const changedFiles = head
  ? gitLines('diff', '--name-only', mergeBase, head)
  : [
      ...new Set([
        ...gitLines('diff', '--name-only', mergeBase),
        ...gitLines('ls-files', '--others', '--exclude-standard'),
      ]),
    ];

const nx = (...args) =>
  execFileSync(process.execPath, [require.resolve('nx'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { NX_DAEMON: 'false', ...process.env },
  });
const affected = JSON.parse(
  nx(
    'show',
    'projects',
    '--affected',
    `--base=${base}`,
    ...(head ? [`--head=${head}`] : []),
    '--json',
  ),
);
const { readCachedProjectGraph } = require('nx/src/devkit-exports');
const graph = readCachedProjectGraph();
const everySpec = changedFiles.filter((file) => EVERY_SPEC.test(file));

const projects = everySpec.length ? Object.keys(graph.nodes) : affected;
const paths = new Map(projects.map((name) => [`${graph.nodes[name].data.root}/`, null]));
const add = (path, reason) => paths.set(path, paths.get(path) ?? reason);
if (everySpec.length) add('tools/', everySpec.join(', '));
const e2eFiles = [];
for (const file of changedFiles) {
  if (file.startsWith('e2e/')) e2eFiles.push(file);
  for (const { specs } of OUTSIDE_PROJECTS.filter((rule) => rule.files.test(file))) {
    for (const spec of typeof specs === 'function' ? specs(file) : specs) add(spec, file);
  }
}
// A folder's specs include the single specs named inside it.
for (const path of paths.keys()) {
  if (
    [...paths.keys()].some(
      (other) => other !== path && other.endsWith('/') && path.startsWith(other),
    )
  )
    paths.delete(path);
}

console.log(
  `test:changed: ${changedFiles.length} file(s) changed since ${base}${head ? ` up to ${head}` : ', working tree included'}`,
);
if (projects.length) {
  const why = everySpec.length ? `every project: ${everySpec.join(', ')} changed` : 'Nx affected';
  console.log(`  projects (${why}): ${[...projects].sort().join(' ')}`);
}
for (const [path, reason] of paths) if (reason) console.log(`  ${path} (${reason} changed)`);
if (e2eFiles.length) console.log(`  e2e/ changed: its suites run with npm run test:e2e`);
if (paths.size === 0) {
  console.log('  no specs to run');
  process.exit(0);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = [...paths.keys()].map(
  (path) => `^${escape(join(root, path))}${path.endsWith('/') ? '' : '$'}`,
);
const tiers =
  options.jest.includes('--selectProjects') ||
  options.jest.some((arg) => arg.startsWith('--selectProjects='))
    ? []
    : ['--selectProjects', 'unit', 'integration'];
// Paths first: --selectProjects takes every word after it.
const jestArgs = [...patterns, '--passWithNoTests', ...options.jest, ...tiers];
if (options.dryRun) {
  console.log(['jest', ...jestArgs.map((arg) => JSON.stringify(arg))].join(' '));
  process.exit(0);
}
const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), ...jestArgs], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(jest.status ?? 1);
