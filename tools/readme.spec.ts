import { configurationTableMarkdown } from '@gatehouse/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prettierFormatted } from './format/prettier';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

describe('README', () => {
  it('documents exactly the configuration the apps read', () => {
    const table =
      /<!-- configuration-table:start -->\n([\s\S]*?)\n<!-- configuration-table:end -->/.exec(
        readme,
      )?.[1];
    // `npm run readme:config` rewrites the table.
    expect(table?.trim()).toBe(prettierFormatted(configurationTableMarkdown(), 'README.md').trim());
  });

  it('names the two commands, and .ci/run calls the test command', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    const ci = readFileSync(join(__dirname, '..', '.ci', 'run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });
});
