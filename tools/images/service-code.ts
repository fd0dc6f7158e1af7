import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { READ_BY_PATH, type ImageService } from './image-services';
import { builtGraphOf } from './module-graph';

const ROOT = join(__dirname, '..', '..');

/**
 * The built files `service`'s image holds, relative to the repository: every file its main file
 * reaches under dist/ (with its source map), and the directories it reads by path.
 */
export function serviceCodeFiles(service: ImageService, dist = join(ROOT, 'dist')): string[] {
  const files = builtGraphOf(service, dist).files.flatMap((file) => {
    const map = `${file}.map`;
    return existsSync(join(ROOT, map)) ? [file, map] : [file];
  });
  return [...files, ...READ_BY_PATH[service]].sort();
}

/** Copies `service`'s built files under `out`, keeping their paths (`out/dist/...`). */
export function copyServiceCode(service: ImageService, out: string): string[] {
  const files = serviceCodeFiles(service);
  for (const file of files) {
    const target = join(out, file);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(ROOT, file), target, { recursive: true });
  }
  return files;
}
