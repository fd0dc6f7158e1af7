// Compiles every app and lib to CommonJS under dist/ (the settings app with Vite, last), mirroring the source tree, with the
// @gatehouse/* path aliases rewritten to relative requires. SWC keeps decorator metadata, which
// Nest's dependency injection and TypeORM need; type checking is `npm run typecheck`'s job.
import { transformFile } from '@swc/core';
import { mkdir, readFile, readdir, rm, writeFile, copyFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const swcrc = JSON.parse(await readFile(join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;
const { compilerOptions } = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8'));

const isTest = (name) => /\.(spec|int-spec|e2e-spec|contract)\.ts$/.test(name);
const ASSETS = /\.(ya?ml|json|html|css|svg|sql)$/;

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      yield* sources(path);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !isTest(entry.name)) {
      yield { path, asset: false };
    } else if (
      ASSETS.test(entry.name) &&
      entry.name !== 'project.json' &&
      entry.name !== 'package.json' &&
      !entry.name.startsWith('tsconfig')
    ) {
      yield { path, asset: true };
    }
  }
}

await rm(out, { recursive: true, force: true });
const started = Date.now();
let files = 0;
for (const top of ['apps', 'libs']) {
  for (const project of await readdir(join(root, top))) {
    // The settings app is a browser bundle: Vite builds it below.
    if (top === 'apps' && project === 'web') continue;
    const projectDir = join(root, top, project);
    for (const sub of ['src', 'seed']) {
      const dir = join(projectDir, sub);
      try {
        for await (const { path, asset } of sources(dir)) {
          const target = join(out, relative(root, path)).replace(/\.ts$/, '.js');
          await mkdir(dirname(target), { recursive: true });
          if (asset) {
            await copyFile(path, target);
            continue;
          }
          const { code, map } = await transformFile(path, {
            ...swcrc,
            swcrc: false,
            filename: path,
            sourceFileName: relative(dirname(target), path),
            jsc: { ...swcrc.jsc, baseUrl: root, paths: compilerOptions.paths },
          });
          await writeFile(
            target,
            map ? `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n` : code,
          );
          if (map) await writeFile(`${target}.map`, map);
          files++;
        }
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
    }
  }
}
console.log(`built ${files} files into dist/ in ${Date.now() - started} ms`);

// The settings single-page app (apps/web) into dist/apps/web, which `auth` and the all-in-one serve.
const webStarted = Date.now();
const { build } = await import('vite');
await build({ configFile: join(root, 'apps/web/vite.config.mjs') });
console.log(`built the settings app into dist/apps/web in ${Date.now() - webStarted} ms`);
