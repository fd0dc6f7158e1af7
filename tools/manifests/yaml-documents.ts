import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

/**
 * Parses every document of a YAML stream into plain data. Merge keys (`<<: *anchor`) are
 * resolved, as Docker Compose resolves them. A syntax error fails loudly with the source named.
 */
export function parseYamlDocuments(text: string, source: string): unknown[] {
  return parseAllDocuments(text, { merge: true, prettyErrors: true })
    .map((document) => {
      const [firstError] = document.errors;
      if (firstError) throw new Error(`${source}: ${firstError.message}`);
      return document.toJS({ maxAliasCount: -1 }) as unknown;
    })
    .filter((value) => value !== null && value !== undefined);
}

export function readYamlDocuments(path: string): unknown[] {
  return parseYamlDocuments(readFileSync(path, 'utf8'), path);
}
