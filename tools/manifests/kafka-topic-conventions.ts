import type { IKafkaTopic } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaTopic';
import type { TopicSpec } from '@gatehouse/messaging';
import { objectsOfKind } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// The KafkaTopics (k8s/kafka-topics) are exactly the topics the code declares, each with the
// cleanup policy the code expects of it, and with every capacity choice written down rather than
// left to the broker's defaults: partitions, replicas, retention, and a min.insync.replicas that
// still accepts writes with one broker down.

const STRIMZI_CLUSTER_LABEL = 'strimzi.io/cluster';

type TopicConfig = Record<string, unknown>;

export function kafkaTopicName(topic: IKafkaTopic): string {
  return topic.spec.topicName ?? topic.metadata?.name ?? '';
}

/** Partitions of each KafkaTopic by topic name, for the lag-scaling check. */
export function partitionsByTopic(objects: readonly KubernetesObject[]): Map<string, number> {
  return new Map(
    objectsOfKind<IKafkaTopic>(objects, 'KafkaTopic')
      .filter((topic) => topic.spec.partitions !== undefined)
      .map((topic) => [kafkaTopicName(topic), topic.spec.partitions!]),
  );
}

function checkTopic(topic: IKafkaTopic & KubernetesObject, declared: TopicSpec): string[] {
  const where = describeObject(topic);
  const config = (topic.spec.config ?? {}) as TopicConfig;
  const problems: string[] = [];
  const cleanup = String(config['cleanup.policy'] ?? 'delete').split(',');
  if (declared.compacted && !cleanup.includes('compact'))
    problems.push(
      `${where}: must be compacted (cleanup.policy: compact); the code reads it as the latest state per key`,
    );
  if (!declared.compacted && cleanup.includes('compact'))
    problems.push(`${where}: must not be compacted; the code reads every message of it`);
  if (!declared.compacted && config['retention.ms'] === undefined)
    problems.push(`${where}: sets no retention.ms; choose one (docs/operations.md)`);
  const { partitions, replicas } = topic.spec;
  if (partitions === undefined)
    problems.push(`${where}: sets no partitions; choose them (docs/operations.md)`);
  if (replicas === undefined) problems.push(`${where}: sets no replicas`);
  const minInSync = Number(config['min.insync.replicas'] ?? 1);
  if (replicas !== undefined && replicas > 1 && minInSync >= replicas) {
    problems.push(
      `${where}: min.insync.replicas ${minInSync} of ${replicas} replicas refuses writes while one broker is down`,
    );
  }
  return problems;
}

/** Problems of the KafkaTopics against the topics the code declares; empty when all hold. */
export function checkKafkaTopicConventions(
  objects: readonly KubernetesObject[],
  declaredTopics: readonly TopicSpec[],
): string[] {
  const topics = objectsOfKind<IKafkaTopic>(objects, 'KafkaTopic');
  const problems: string[] = [];
  const clusters = new Set(topics.map((topic) => topic.metadata?.labels?.[STRIMZI_CLUSTER_LABEL]));
  for (const topic of topics.filter((t) => !t.metadata?.labels?.[STRIMZI_CLUSTER_LABEL])) {
    problems.push(
      `${describeObject(topic)}: needs the label ${STRIMZI_CLUSTER_LABEL} naming the Kafka cluster`,
    );
  }
  if (clusters.size > 1)
    problems.push(
      `KafkaTopic: labelled for more than one Kafka cluster: ${[...clusters].map(String).sort().join(', ')}`,
    );
  for (const declared of declaredTopics) {
    const matching = topics.filter((topic) => kafkaTopicName(topic) === declared.topic);
    if (matching.length === 0)
      problems.push(`KafkaTopic: none for ${declared.topic}, which the code declares`);
    if (matching.length > 1) problems.push(`KafkaTopic: ${matching.length} for ${declared.topic}`);
    for (const topic of matching) problems.push(...checkTopic(topic, declared));
  }
  for (const topic of topics) {
    if (!declaredTopics.some((declared) => declared.topic === kafkaTopicName(topic))) {
      problems.push(
        `${describeObject(topic)}: ${kafkaTopicName(topic)} is not a topic the code declares`,
      );
    }
  }
  return problems;
}
