import type { Recipe } from './recipe';

/**
 * docs/architecture.md "How to add", a webhook field: an optional `description` added the way the
 * recipe says. The specs it names must pass with no test file edited (test data comes from the
 * builders of `@gatehouse/domain/testing`).
 */
export const webhookFieldRecipe: Recipe = {
  heading: 'A webhook field.',
  steps: [
    {
      file: 'libs/domain/src/webhooks/webhook-settings.ts',
      edits: [
        {
          after: /export interface WebhookSettings \{[^}]*/,
          insert: '  description: string | null;\n',
        },
        {
          after: /\nconst COPY[\s\S]*?\n(?=\};)/,
          insert: '  description: (description) => description,\n',
        },
        {
          after: /export const webhookSettingsBodyShape = \{[\s\S]*?\n(?=\} satisfies)/,
          insert: '  description: z.string().max(200).nullish(),\n',
        },
        { after: /\nconst DEFAULTS[\s\S]*?\n(?=\};)/, insert: '  description: () => null,\n' },
        {
          after: /export function settingsToUpdate\([\s\S]*?return \{[\s\S]*?\n(?= {2}\};)/,
          insert: '    ...(body.description !== undefined && { description: body.description }),\n',
        },
        {
          after: /export const webhookSettingsEventShape = \{[\s\S]*?\n(?=\} satisfies)/,
          insert: '  description: z.string().nullable().default(null),\n',
        },
      ],
    },
    {
      file: 'libs/persistence/src/entities/webhooks/webhook.entity.ts',
      edits: [
        {
          after: /\n {2}domains!: WebhookDomain\[\];\n/,
          insert: "\n  @Column({ type: 'text', nullable: true })\n  description!: string | null;\n",
        },
      ],
    },
    {
      file: 'libs/persistence/src/migrations/1799999999999-webhook-description.ts',
      create: [
        "import { SqlMigration } from './sql-migration';",
        '',
        'export class WebhookDescription1799999999999 extends SqlMigration {',
        "  readonly name = 'WebhookDescription1799999999999';",
        '  protected readonly upStatements = [`ALTER TABLE webhooks ADD COLUMN description text`];',
        '  protected readonly downStatements = [`ALTER TABLE webhooks DROP COLUMN description`];',
        '}',
        '',
      ].join('\n'),
    },
    {
      file: 'libs/persistence/src/migrations/all-migrations.ts',
      edits: [
        {
          after: /^import .*\n(?!import)/m,
          insert:
            "import { WebhookDescription1799999999999 } from './1799999999999-webhook-description';\n",
        },
        { after: /\n(?=\];\s*$)/, insert: '  WebhookDescription1799999999999,\n' },
      ],
    },
    {
      file: 'libs/sdk/src/client/webhook-info.ts',
      edits: [
        {
          after: /export interface WebhookInfo \{[^}]*/,
          insert: '  description?: string | null;\n',
        },
        {
          after: /export interface CreateWebhookOptions \{[^}]*/,
          insert: '  description?: string;\n',
        },
        {
          after: /export interface UpdateWebhookOptions \{[^}]*/,
          insert: '  description?: string;\n',
        },
        {
          after: /const OPTIONAL_SETTINGS = \['domains'/,
          insert: ", 'description'",
        },
      ],
    },
    {
      file: 'apps/cli/src/commands/webhooks/webhook-output.ts',
      edits: [
        {
          after: /\n {4}\['domains', webhook\.domains\.join\(', '\)\],\n/,
          insert: "    ['description', webhook.description ?? ''],\n",
        },
      ],
    },
  ],
  specs: [
    'libs/domain/src/webhooks',
    'libs/persistence/src/data-source/migrations.int-spec.ts',
    'libs/persistence/src/entities/entities.int-spec.ts',
    'libs/persistence/src/seed',
    'libs/feature-webhooks',
    'libs/feature-delivery/src/subscriptions',
    'libs/feature-delivery/src/pipeline',
    'libs/messaging/src/events',
    'libs/sdk/src/client',
    'apps/cli/src/commands/webhooks',
  ],
};
