import type { IKafkaTopic } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaTopic';
import { DECLARED_TOPICS } from './gatehouse-event-facts';
import { baseTopics, broken, find, remove, topicProblemsOf } from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObject, validateKubernetesObjects } from './kubernetes-schema-validator';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';

// k8s/kafka-topics: one Strimzi KafkaTopic per topic the code declares, validated against the
// KafkaTopic CRD schema (@kubernetes-models/strimzi-kafka-operator) and against the code.

const topic = (from: KubernetesObject[], name: string): IKafkaTopic =>
  find<IKafkaTopic>(from, 'KafkaTopic', name);

describe('k8s/kafka-topics', () => {
  it('declares a KafkaTopic for every topic of libs/messaging and the replay contract, and no other', () => {
    const names = baseTopics.map((object) => object.metadata.name).sort();

    expect(names).toEqual(DECLARED_TOPICS.map((spec) => spec.topic).sort());
    expect(names).toEqual(
      expect.arrayContaining(['gatehouse.repo-events.v1', 'gatehouse.delivery-replay.v1.dlq']),
    );
    expect(topicProblemsOf(baseTopics)).toEqual([]);
  });

  it('is valid against the KafkaTopic CRD schema and declares no field it does not define', () => {
    expect(validateKubernetesObjects(baseTopics)).toEqual([]);
    expect(findUnknownKubernetesFields(baseTopics)).toEqual([]);
  }, 60_000);

  it('refuses a KafkaTopic with a value of the wrong type', () => {
    const [wrong] = broken((c) => {
      (topic(c, 'gatehouse.audit.v1').spec as { partitions: unknown }).partitions = 'three';
    }, baseTopics).filter((o) => o.metadata.name === 'gatehouse.audit.v1');

    expect(validateKubernetesObject(wrong)).toEqual([
      'KafkaTopic/gatehouse.audit.v1: /spec/partitions must be integer',
    ]);
  });

  it('refuses a KafkaTopic of an apiVersion Strimzi does not serve', () => {
    const wrong = { ...structuredClone(baseTopics[0]), apiVersion: 'kafka.strimzi.io/v2' };

    expect(validateKubernetesObject(wrong)).toEqual([
      "KafkaTopic/gatehouse.repo-events.v1: no Kubernetes schema for apiVersion 'kafka.strimzi.io/v2' kind 'KafkaTopic'",
    ]);
  });

  it('names a misspelt KafkaTopic field, and accepts any key of the free-form topic config', () => {
    const copy = broken((c) => {
      const spec = topic(c, 'gatehouse.token-events.v1').spec as unknown as Record<string, unknown>;
      spec.replicationFactor = spec.replicas;
      delete spec.replicas;
      (spec.config as Record<string, unknown>)['max.message.bytes'] = 1048588;
    }, baseTopics);

    expect(findUnknownKubernetesFields(copy)).toEqual([
      'KafkaTopic/gatehouse.token-events.v1: /spec/replicationFactor is not a field of kafka.strimzi.io/v1 KafkaTopic',
    ]);
  }, 60_000);

  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
    [
      'a declared topic without a KafkaTopic',
      (c) => remove(c, 'KafkaTopic', 'gatehouse.delivery-replay.v1'),
      ['KafkaTopic: none for gatehouse.delivery-replay.v1, which the code declares'],
    ],
    [
      'a KafkaTopic for a topic the code does not declare',
      (c) => {
        topic(c, 'gatehouse.audit.v1').spec.topicName = 'gatehouse.audit.v2';
      },
      [
        'KafkaTopic: none for gatehouse.audit.v1, which the code declares',
        'KafkaTopic/gatehouse.audit.v1: gatehouse.audit.v2 is not a topic the code declares',
      ],
    ],
    [
      'the compacted webhook state with a delete policy',
      (c) => {
        (topic(c, 'gatehouse.webhook-changed.v1').spec.config as Record<string, unknown>)[
          'cleanup.policy'
        ] = 'delete';
      },
      [
        'KafkaTopic/gatehouse.webhook-changed.v1: must be compacted (cleanup.policy: compact); the code reads it as the latest state per key',
      ],
    ],
    [
      'repo events compacted, and left to the broker for retention and partitions',
      (c) => {
        const spec = topic(c, 'gatehouse.repo-events.v1').spec;
        spec.config = { 'cleanup.policy': 'compact', 'min.insync.replicas': 2 };
        delete spec.partitions;
      },
      [
        'KafkaTopic/gatehouse.repo-events.v1: must not be compacted; the code reads every message of it',
        'KafkaTopic/gatehouse.repo-events.v1: sets no retention.ms; choose one (docs/operations.md)',
        'KafkaTopic/gatehouse.repo-events.v1: sets no partitions; choose them (docs/operations.md)',
      ],
    ],
    [
      'a topic that refuses writes with one broker down',
      (c) => {
        (topic(c, 'gatehouse.audit.v1').spec.config as Record<string, unknown>)[
          'min.insync.replicas'
        ] = 3;
      },
      [
        'KafkaTopic/gatehouse.audit.v1: min.insync.replicas 3 of 3 replicas refuses writes while one broker is down',
      ],
    ],
    [
      'a topic left to the broker default retention',
      (c) => {
        delete (topic(c, 'gatehouse.token-events.v1').spec.config as Record<string, unknown>)[
          'retention.ms'
        ];
      },
      [
        'KafkaTopic/gatehouse.token-events.v1: sets no retention.ms; choose one (docs/operations.md)',
      ],
    ],
    [
      'a topic for another Kafka cluster',
      (c) => {
        topic(c, 'gatehouse.audit.v1').metadata!.labels!['strimzi.io/cluster'] = 'analytics';
      },
      ['KafkaTopic: labelled for more than one Kafka cluster: analytics, kafka'],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(topicProblemsOf(broken(mutate, baseTopics))).toEqual(problems);
  });
});
