import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The two tables that describe each Kafka topic to people: its partitions, retention and why in
 * docs/operations.md "Kafka topics", its key, producer and consumer in docs/architecture.md
 * "Events (Kafka)". A topic is in a table when the first cell of one of its rows quotes its name.
 */
const TOPIC_TABLES = [
  { doc: 'docs/operations.md', heading: '## Kafka topics' },
  { doc: 'docs/architecture.md', heading: '## Events (Kafka)' },
];

/** The first cells of the rows of the first table under `heading`. */
function firstCells(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) return [];
  const lines = markdown.slice(start + heading.length + 2).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  if (first < 0) return [];
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first + 2, end < 0 ? undefined : end).map((row) => row.split('|')[1] ?? '');
}

/** Each topic of `topics` (dead-letter twins aside) that a table under `root` does not list. */
export function topicTableProblems(root: string, topics: readonly string[]): string[] {
  const problems: string[] = [];
  for (const { doc, heading } of TOPIC_TABLES) {
    const cells = firstCells(readFileSync(join(root, doc), 'utf8'), heading);
    for (const topic of topics.filter((name) => !name.endsWith('.dlq')))
      if (!cells.some((cell) => cell.includes(`\`${topic}\``)))
        problems.push(`${doc} "${heading.slice(3)}": no row for ${topic}`);
  }
  return problems;
}
