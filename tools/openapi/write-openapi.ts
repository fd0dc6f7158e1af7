import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPENAPI_FILE, openApiFileText } from './openapi-file';

// `npm run openapi`: writes docs/openapi.json from the route descriptions.
const root = join(__dirname, '../..');
writeFileSync(join(root, OPENAPI_FILE), openApiFileText());
process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
