import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPENAPI_FILE, openApiFileText } from './openapi-file';
import { OPENAPI_TYPES_FILE, openApiTypesText } from './openapi-types';

// `npm run openapi`: writes docs/openapi.json and its TypeScript types from the route
// descriptions. With `--check` it writes nothing and fails naming each file that is stale.
const root = join(__dirname, '../..');
const check = process.argv.includes('--check');

async function main(): Promise<void> {
  const files = [
    { file: OPENAPI_FILE, text: openApiFileText() },
    { file: OPENAPI_TYPES_FILE, text: await openApiTypesText() },
  ];
  for (const { file, text } of files) {
    if (!check) {
      writeFileSync(join(root, file), text);
      process.stdout.write(`wrote ${file}\n`);
    } else if (readFileSync(join(root, file), 'utf8') !== text) {
      process.stdout.write(`stale: ${file} (run npm run openapi)\n`);
      process.exitCode = 1;
    }
  }
}

void main();
