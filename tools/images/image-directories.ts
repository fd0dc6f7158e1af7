import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { manifestDirectory, type ImageService } from './image-services';
import { copyServiceCode } from './service-code';

// What an image's /app would hold, laid out in a directory of this machine, since no container
// engine runs here: its packages installed by the same `npm ci --omit=dev` the Dockerfile runs,
// and its built files. measure-images.ts sizes these directories; smoke-images.ts starts them.
// They live outside the repository (IMAGES_DIR, default <tmp>/gatehouse-images): Node looks for
// a package in every node_modules above the requiring file, and the repository's own would hide
// a package an image lacks.

const ROOT = join(__dirname, '..', '..');

/** Where the images' directories are laid out, one per service and `shared`. */
export const IMAGES_DIR = process.env.IMAGES_DIR ?? join(tmpdir(), 'gatehouse-images');

function refuseOuterNodeModules(directory: string): void {
  for (let dir = dirname(directory); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules')))
      throw new Error(
        `${dir}/node_modules would lend ${directory} packages: lay images out elsewhere`,
      );
    if (dirname(dir) === dir) return;
  }
}

function npmCi(directory: string): void {
  execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: directory,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** `service`'s image in `directory`: deploy/images/<service>/ installed, and its built files. */
export function stageImage(service: ImageService, directory: string): void {
  refuseOuterNodeModules(directory);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  for (const file of ['package.json', 'package-lock.json'])
    cpSync(join(ROOT, manifestDirectory(service), file), join(directory, file));
  npmCi(directory);
  copyServiceCode(service, directory);
}

/**
 * The one image every process ran before: the root's production dependencies (`npm ci` then
 * `npm prune --omit=dev`), the SDK workspace and all of dist/.
 */
export function stageSharedImage(directory: string): void {
  refuseOuterNodeModules(directory);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  for (const file of ['package.json', 'package-lock.json'])
    cpSync(join(ROOT, file), join(directory, file));
  cpSync(join(ROOT, 'libs/sdk'), join(directory, 'libs/sdk'), {
    recursive: true,
    filter: (path) => !/\/(node_modules|dist)$/.test(path),
  });
  npmCi(directory);
  cpSync(join(ROOT, 'dist'), join(directory, 'dist'), { recursive: true });
}

/** Bytes under `path`, as `du -sb` counts them (symbolic links as links). */
export function bytesUnder(path: string): number {
  return Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0]);
}

/**
 * The package directories npm installed in `directory`, nested copies included: the entries of
 * its hidden lockfile under node_modules, but links (the SDK workspace's).
 */
export function installedPackages(directory: string): number {
  const lock = JSON.parse(
    readFileSync(join(directory, 'node_modules', '.package-lock.json'), 'utf8'),
  ) as { packages: Record<string, { link?: boolean }> };
  return Object.entries(lock.packages).filter(
    ([path, entry]) => path.includes('node_modules/') && !entry.link,
  ).length;
}
