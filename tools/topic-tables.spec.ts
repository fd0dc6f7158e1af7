import { GATEHOUSE_TOPIC_SPECS } from '@gatehouse/messaging';
import { join } from 'node:path';
import { topicTableProblems } from './topic-tables';

const ROOT = join(__dirname, '..');

describe('topic tables (docs/operations.md "Kafka topics", docs/architecture.md "Events (Kafka)")', () => {
  it('list every topic libs/messaging declares', () => {
    expect(
      topicTableProblems(
        ROOT,
        GATEHOUSE_TOPIC_SPECS.map((spec) => spec.topic),
      ),
    ).toEqual([]);
  });

  it('name a topic missing from a table, and the table', () => {
    expect(topicTableProblems(ROOT, ['gatehouse.audit.v1', 'gatehouse.new.v1', 'x.dlq'])).toEqual([
      'docs/operations.md "Kafka topics": no row for gatehouse.new.v1',
      'docs/architecture.md "Events (Kafka)": no row for gatehouse.new.v1',
    ]);
  });
});
