import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Recipe } from './recipe';

const VARIABLE = 'GATEHOUSE_WEBHOOK_ACTIVITY_PAGE_SIZE';
/** The apps that mount the webhooks feature, the only ones whose schemas may read the variable. */
const READERS = 'webhook-management, all-in-one';

/** The "Used by" cell of a variable's row in the README's configuration table, or null. */
export function readmeUsedBy(readme: string, variable: string): string | null {
  const row = readme.split('\n').find((line) => line.startsWith(`| \`${variable}\``));
  return row ? row.split('|')[2]!.trim() : null;
}

/**
 * docs/architecture.md "How to add", a configuration variable: a page size for the activity API
 * that only webhook-management reads, declared in its section, mapped into the feature's settings
 * and applied by the use case. The config and webhook specs must pass with no test edited (their
 * configurations come from the sections' defaults: `@gatehouse/config/testing`), and
 * `npm run readme:config` must list exactly the apps that read it.
 */
export const configVariableRecipe: Recipe = {
  heading: 'A configuration variable.',
  steps: [
    {
      file: 'libs/config/src/sections/webhooks.section.ts',
      edits: [
        {
          after: /\nconst GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT_DOC: VariableDoc = \{[^}]*\};\n/,
          insert: `const ${VARIABLE}_DOC: VariableDoc = {\n  description: 'Deliveries one page of a webhook\\'s activity shows when the request names no limit.',\n};\n`,
        },
        {
          after: /export interface WebhooksConfig \{[^}]*/,
          insert: '  activityPageSize: number;\n',
        },
        {
          after: /export const webhooksSection = envSection\(\n {2}\{\n/,
          insert: `    ${VARIABLE}: documented(positiveInteger().default(50), ${VARIABLE}_DOC),\n`,
        },
        {
          after: /\(env\): WebhooksConfig => \(\{\n/,
          insert: `    activityPageSize: env.${VARIABLE},\n`,
        },
      ],
    },
    {
      file: 'libs/feature-webhooks/src/webhooks-module-options.ts',
      edits: [
        {
          after: /export interface WebhooksSettings \{[^}]*/,
          insert: '  activityPageSize: number;\n',
        },
        {
          after: /export function webhooksSettingsOf\([\s\S]*?return \{\n/,
          insert: '    activityPageSize: options.webhooks.activityPageSize,\n',
        },
      ],
    },
    {
      file: 'libs/feature-webhooks/src/activity/get-webhook-activity.use-case.ts',
      edits: [
        {
          after: 'const limit = parseLimit(limitParam',
          insert: ', this.settings.activityPageSize',
        },
        { after: 'function parseLimit(value: string | undefined', insert: ', fallback?: number' },
        { after: "if (value === undefined || value === '') return ", insert: 'fallback ?? ' },
      ],
    },
  ],
  scripts: ['readme:config'],
  check: (root) => {
    const usedBy = readmeUsedBy(readFileSync(join(root, 'README.md'), 'utf8'), VARIABLE);
    if (usedBy === null) return [`README.md: npm run readme:config wrote no row for ${VARIABLE}`];
    return usedBy === READERS
      ? []
      : [`README.md: ${VARIABLE} is listed as used by "${usedBy}", but only ${READERS} read it`];
  },
  specs: [
    'libs/config',
    'tools/readme.spec.ts',
    'libs/feature-webhooks',
    'libs/feature-delivery/src/delivery-module-options.spec.ts',
  ],
};
