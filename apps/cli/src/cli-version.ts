import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The version of the Gatehouse the CLI ships with: that of the nearest package.json above it (the
 * repository's in a checkout, `dist/`'s parent; the image's own in the CLI image).
 */
export function cliVersion(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
      return typeof version === 'string' ? version : 'unknown';
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}
