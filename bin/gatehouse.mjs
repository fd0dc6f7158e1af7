#!/usr/bin/env node
// `npx gatehouse …` from a checkout: runs the built CLI, building the repository first when
// dist/ does not hold it yet (a fresh clone after `npm ci`).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'apps', 'cli', 'src', 'main.js');
if (!existsSync(cli)) {
  process.stderr.write('gatehouse: building the repository first (npm run build)…\n');
  const build = spawnSync(process.execPath, [join(root, 'tools', 'build.mjs')], {
    // The build's report goes to stderr, so `npx gatehouse --version` prints the version alone.
    stdio: ['ignore', 2, 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
createRequire(import.meta.url)(cli);
