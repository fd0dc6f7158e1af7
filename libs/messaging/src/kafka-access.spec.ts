import { deliveryConsumerGroups, KAFKA_ACCESS } from './kafka-access';
import { deadLetterTopic, GATEHOUSE_TOPIC_SPECS, Topics } from './topics';

describe('KAFKA_ACCESS', () => {
  it('has a relay for every topic Gatehouse produces: a record no service may write would wait in the outbox forever', () => {
    const written = new Set(Object.values(KAFKA_ACCESS).flatMap((access) => access.writes));
    const produced = GATEHOUSE_TOPIC_SPECS.map((spec) => spec.topic).filter(
      (topic) => !topic.endsWith('.dlq'),
    );

    expect([...written].sort()).toEqual(produced.sort());
  });

  it('names only declared topics, whose dead-letter topics are declared too', () => {
    const declared = new Set(GATEHOUSE_TOPIC_SPECS.map((spec) => spec.topic));
    for (const access of Object.values(KAFKA_ACCESS)) {
      for (const topic of [...access.writes, ...access.reads.map((reader) => reader.topic)])
        expect(declared).toContain(topic);
      for (const reader of access.reads) expect(declared).toContain(deadLetterTopic(reader.topic));
    }
  });

  it("derives the delivery worker's groups from its base group", () => {
    expect(deliveryConsumerGroups('gatehouse-delivery-worker')).toEqual({
      repoEvents: 'gatehouse-delivery-worker',
      replays: 'gatehouse-delivery-worker.replays',
      webhookChangesPrefix: 'gatehouse-delivery-worker.webhooks.',
    });
    expect(KAFKA_ACCESS['delivery-worker'].reads).toContainEqual({
      topic: Topics.webhookChanged,
      group: 'gatehouse-delivery-worker.webhooks.',
      ephemeralGroups: true,
    });
  });
});
