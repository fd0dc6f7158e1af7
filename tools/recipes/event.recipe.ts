import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { topicTableProblems } from '../topic-tables';
import type { Recipe } from './recipe';

const TOPIC = 'gatehouse.recipe-probe.v1';
const GROUP = 'gatehouse-delivery-worker.recipe-probe';
const DEFINITION = 'recipeProbedEvent';

/**
 * docs/architecture.md "How to add", an event: a topic webhook-management writes through its
 * outbox and the delivery worker reads in a group of its own, declared the way the recipe says.
 * The messaging and manifest specs must pass; the copy must hold the topic's dead-letter twin,
 * both exports of the event and a row of each topic table.
 */
export const eventRecipe: Recipe = {
  heading: 'An event.',
  steps: [
    {
      file: 'libs/messaging/src/topics.ts',
      edits: [
        {
          after: /export const Topics = \{[\s\S]*?\n(?=\} as const;)/,
          insert: `  /** The recipe's probe; key: webhook id. */\n  recipeProbe: '${TOPIC}',\n`,
        },
        {
          after: /export const GATEHOUSE_TOPIC_SPECS[\s\S]*?\n(?=\]\.flatMap)/,
          insert: '  { topic: Topics.recipeProbe },\n',
        },
      ],
    },
    {
      file: 'libs/messaging/src/events/recipe-probed.event.ts',
      create: [
        "import { z } from 'zod';",
        "import { defineEvent } from './event-definition';",
        '',
        '/** recipe.probed v1: a webhook, named by id. */',
        `export const ${DEFINITION} = defineEvent({`,
        "  type: 'recipe.probed',",
        '  version: 1,',
        '  schema: z.object({ webhookId: z.string().regex(/^[0-9a-f]{24}$/) }),',
        '});',
        '',
      ].join('\n'),
    },
    {
      file: 'libs/messaging/src/events/index.ts',
      edits: [
        {
          after: /\s*$/,
          insert: `export { ${DEFINITION} } from './recipe-probed.event';\n`,
        },
      ],
    },
    {
      file: 'libs/messaging/src/index.ts',
      edits: [{ after: /\n(?=\} from '\.\/events';)/, insert: `  ${DEFINITION},\n` }],
    },
    {
      file: 'libs/messaging/src/kafka-access.ts',
      edits: [
        {
          after: /'webhook-management': \{\n\s*writes: \[[^\]]*/,
          insert: ', Topics.recipeProbe',
        },
        {
          after: /'delivery-worker': \{[\s\S]*?reads: \[\n/,
          insert: `      { topic: Topics.recipeProbe, group: '${GROUP}' },\n`,
        },
      ],
    },
    {
      file: 'k8s/kafka-topics/topics.yaml',
      edits: [
        {
          after: /\s*$/,
          insert: [TOPIC, `${TOPIC}.dlq`]
            .map((name) =>
              [
                '---',
                `# ${name === TOPIC ? "The recipe's probe; key: webhook id." : `Poison messages of ${TOPIC}.`}`,
                'apiVersion: kafka.strimzi.io/v1',
                'kind: KafkaTopic',
                'metadata:',
                `  name: ${name}`,
                '  labels:',
                '    strimzi.io/cluster: kafka',
                'spec:',
                `  partitions: ${name === TOPIC ? 3 : 1}`,
                '  replicas: 3',
                '  config:',
                `    retention.ms: ${name === TOPIC ? 604800000 : 2592000000}`,
                '    min.insync.replicas: 2',
                '',
              ].join('\n'),
            )
            .join(''),
        },
      ],
    },
    {
      file: 'k8s/kafka-users/users.yaml',
      edits: [
        {
          after: /name: gatehouse-webhook-management\n[\s\S]*?\n(?=---)/,
          insert: `      - resource: { type: topic, name: ${TOPIC}, patternType: literal }\n        operations: [Write, Describe]\n`,
        },
        {
          after: /name: gatehouse-delivery-worker\n[\s\S]*?\n(?=---)/,
          insert: [
            `      - resource: { type: topic, name: ${TOPIC}, patternType: literal }`,
            '        operations: [Read, Describe]',
            `      - resource: { type: topic, name: ${TOPIC}.dlq, patternType: literal }`,
            '        operations: [Write, Describe]',
            `      - resource: { type: group, name: ${GROUP}, patternType: literal }`,
            '        operations: [Read]',
            '',
          ].join('\n'),
        },
      ],
    },
    {
      file: 'tools/manifests/kafka-users.spec.ts',
      edits: [
        {
          after:
            /aclsOf\(baseUsers, 'gatehouse-delivery-worker'\)\)\.toEqual\(\[[\s\S]*?\n(?= {4}\]\);)/,
          insert: [
            `      'topic ${TOPIC}: Read Describe',`,
            `      'topic ${TOPIC}.dlq: Write Describe',`,
            `      'group ${GROUP}: Read',`,
            '',
          ].join('\n'),
        },
        {
          after:
            /neededGrants\(KAFKA_ACCESS\['webhook-management'\]\)[\s\S]*?'topic gatehouse\.delivery-replay\.v1',\n/,
          insert: `      'topic ${TOPIC}',\n`,
        },
      ],
    },
    {
      file: 'docs/operations.md',
      edits: [
        {
          after: /\n\| `gatehouse\.delivery-replay\.v1` +\|[^\n]*\n/,
          insert: `| \`${TOPIC}\` | 3 | 7 days | The recipe's probe. |\n`,
        },
        {
          after: /\n\| `gatehouse-webhook-management` +\| /,
          insert: `\`${TOPIC}\` Write, Describe; `,
        },
        {
          after: /\n\| `gatehouse-delivery-worker` +\| /,
          insert: `\`${TOPIC}\` Read, Describe; \`${TOPIC}.dlq\` Write, Describe; `,
        },
      ],
    },
    {
      file: 'docs/architecture.md',
      edits: [
        {
          after: /\n\| delivery replay requests \(`gatehouse\.delivery-replay\.v1`\) +\|[^\n]*\n/,
          insert: `| recipe probes (\`${TOPIC}\`) | webhook id | \`webhook-management\` (through the outbox) | \`delivery-worker\` (group \`${GROUP}\`) |\n`,
        },
      ],
    },
  ],
  check: (root) => {
    const problems = topicTableProblems(root, [TOPIC]);
    const topics = readFileSync(join(root, 'k8s/kafka-topics/topics.yaml'), 'utf8');
    for (const name of [TOPIC, `${TOPIC}.dlq`])
      if (!topics.includes(`\n  name: ${name}\n`))
        problems.push(`k8s/kafka-topics/topics.yaml: no KafkaTopic ${name}`);
    for (const index of ['libs/messaging/src/events/index.ts', 'libs/messaging/src/index.ts'])
      if (!new RegExp(`\\b${DEFINITION}\\b`).test(readFileSync(join(root, index), 'utf8')))
        problems.push(`${index}: does not export ${DEFINITION}`);
    return problems;
  },
  specs: [
    'libs/messaging/src/kafka-access.spec.ts',
    'libs/messaging/src/events',
    'tools/manifests/kafka-topics.spec.ts',
    'tools/manifests/kafka-users.spec.ts',
    'tools/manifests/kubernetes-overlays.spec.ts',
    'tools/topic-tables.spec.ts',
  ],
};
