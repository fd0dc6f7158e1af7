import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { SeedError } from './seed-error';
import { SeedDocument, parseSeedDocument } from './seed-schema';

/** Reads a seed file, YAML (`.yaml`, `.yml`) or JSON (`.json`), and validates it. */
export async function loadSeedFile(path: string): Promise<SeedDocument> {
  const extension = extname(path).toLowerCase();
  if (!['.yaml', '.yml', '.json'].includes(extension)) {
    throw new SeedError([{ path: '', message: 'A seed file must end in .yaml, .yml or .json' }], path);
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SeedError([{ path: '', message: `Cannot read the file (${(error as Error).message})` }], path);
  }
  let data: unknown;
  try {
    data = extension === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new SeedError([{ path: '', message: `Not valid ${extension === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}` }], path);
  }
  return parseSeedDocument(data, path);
}
