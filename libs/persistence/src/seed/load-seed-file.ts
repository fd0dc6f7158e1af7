import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { SeedError } from './seed.error';
import { SeedDocument, parseSeedDocument } from './seed-schema';

/**
 * Reads a seed file, YAML (`.yaml`, `.yml`) or JSON (`.json`), and validates it. The YAML parser
 * is loaded here, not with the module: every service imports this library, and only the CLI and
 * the all-in-one read seeds.
 */
export async function loadSeedFile(path: string): Promise<SeedDocument> {
  const extension = extname(path).toLowerCase();
  if (!['.yaml', '.yml', '.json'].includes(extension)) {
    throw new SeedError(
      [{ path: '', message: 'A seed file must end in .yaml, .yml or .json' }],
      path,
    );
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SeedError(
      [{ path: '', message: `Cannot read the file (${(error as Error).message})` }],
      path,
    );
  }
  let data: unknown;
  try {
    data = extension === '.json' ? JSON.parse(text) : (await import('yaml')).parse(text);
  } catch (error) {
    throw new SeedError(
      [
        {
          path: '',
          message: `Not valid ${extension === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}`,
        },
      ],
      path,
    );
  }
  return parseSeedDocument(data, path);
}
