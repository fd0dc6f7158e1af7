import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configurationTableMarkdown } from '@gatehouse/config';
import { prettierFormatted } from './format/prettier';

// Rewrites the README's configuration table from libs/config (tools/readme.spec.ts checks it).
const path = join(__dirname, '..', 'README.md');
const readme = readFileSync(path, 'utf8');
const table = /(<!-- configuration-table:start -->\n)[\s\S]*?(\n<!-- configuration-table:end -->)/;
if (!table.test(readme)) throw new Error('README.md has no configuration-table markers');
const markdown = prettierFormatted(configurationTableMarkdown(), 'README.md').trim();
writeFileSync(
  path,
  readme.replace(table, (_all, start: string, end: string) => `${start}\n${markdown}\n${end}`),
);
