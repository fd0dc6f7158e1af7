import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prettierFormatted } from '../format/prettier';
import {
  bytesUnder,
  IMAGES_DIR,
  installedPackages,
  stageImage,
  stageSharedImage,
} from './image-directories';
import { IMAGE_SERVICES } from './image-services';

// `npm run images:measure`: builds dist/, lays out each image's /app in IMAGES_DIR (its
// packages installed by `npm ci --omit=dev` from deploy/images/<service>/, its built files), and
// the one image every process ran before, sizes them with `du -sb`, and rewrites the table of
// docs/operations.md "Images". The base image (node:20-slim) is the same layer under each and is
// not counted.

const ROOT = join(__dirname, '..', '..');

interface Size {
  packages: number;
  nodeModules: number;
  dist: number;
}

/** An image's packages, its node_modules, and its code: dist/ and, in the one image, the SDK. */
function sizeOf(directory: string): Size {
  const sdk = join(directory, 'libs', 'sdk');
  return {
    packages: installedPackages(directory),
    nodeModules: bytesUnder(join(directory, 'node_modules')),
    dist: bytesUnder(join(directory, 'dist')) + (existsSync(sdk) ? bytesUnder(sdk) : 0),
  };
}

const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
const total = (size: Size) => size.nodeModules + size.dist;

execFileSync(process.execPath, [join(ROOT, 'tools', 'build.mjs')], { stdio: 'inherit' });
const shared = join(IMAGES_DIR, 'shared');
stageSharedImage(shared);
const before = sizeOf(shared);
console.log(`the one image: ${before.packages} packages, ${megabytes(total(before))} MB`);

const rows: string[] = [];
for (const service of IMAGE_SERVICES) {
  const directory = join(IMAGES_DIR, service);
  stageImage(service, directory);
  const size = sizeOf(directory);
  const saved = total(before) - total(size);
  const percent = Math.round((100 * saved) / total(before));
  console.log(`${service}: ${size.packages} packages, ${megabytes(total(size))} MB`);
  rows.push(
    `| \`${service}\` | ${size.packages} | ${megabytes(size.nodeModules)} | ${megabytes(size.dist)} | ${megabytes(total(size))} | −${megabytes(saved)} MB (−${percent} %) |`,
  );
}
rows.push(
  `| the one image before (every process) | ${before.packages} | ${megabytes(before.nodeModules)} | ${megabytes(before.dist)} | ${megabytes(total(before))} | — |`,
);

const table = [
  '| Image (`SERVICE`) | Packages | `node_modules` (MB) | `dist` (MB) | Total (MB) | vs. the one image |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
const path = join(ROOT, 'docs', 'operations.md');
const markers = /(<!-- image-sizes:start -->\n)[\s\S]*?(\n<!-- image-sizes:end -->)/;
const doc = readFileSync(path, 'utf8');
if (!markers.test(doc)) throw new Error('docs/operations.md has no image-sizes markers');
const markdown = prettierFormatted(table, 'docs/operations.md').trim();
writeFileSync(
  path,
  doc.replace(markers, (_all, start: string, end: string) => `${start}\n${markdown}\n${end}`),
);
console.log(`wrote the table into docs/operations.md`);
