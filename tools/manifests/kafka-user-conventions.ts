import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { IKafkaUser } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaUser';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import {
  deadLetterTopic,
  type GatehouseService,
  KAFKA_ACCESS,
  type KafkaAccess,
  type TopicSpec,
} from '@gatehouse/messaging';
import { CONFIG_MAP_NAME, KAFKA_USERNAME_VARIABLE } from './gatehouse-manifest-facts';
import { literalEnvValue, objectsOfKind } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// One Strimzi KafkaUser per process that talks to Kafka (k8s/kafka-users), each granted exactly
// what the code does with Kafka: what KAFKA_ACCESS (libs/messaging/src/kafka-access.ts) says each
// service writes and reads in which groups, with the dead-letter topic of each topic it reads; and
// for KEDA, Describe on the topic and group its kafka trigger watches. Each service signs in as its
// own user. No ACL names a topic or group the code does not declare, the whole cluster, or all
// operations.

export const KEDA_KAFKA_USER = 'gatehouse-keda';
export const kafkaUserOf = (service: GatehouseService): string => `gatehouse-${service}`;

type Acl = NonNullable<IKafkaUser['spec']['authorization']>['acls'][number];
type Grants = Map<string, Set<string>>;

const resourceKey = (
  type: string,
  name: string | undefined,
  patternType: 'literal' | 'prefix' = 'literal',
): string =>
  type === 'cluster'
    ? 'the cluster'
    : `${type} ${String(name)}${patternType === 'prefix' ? '*' : ''}`;

function grant(grants: Grants, key: string, ...operations: string[]): void {
  const held = grants.get(key) ?? new Set<string>();
  for (const operation of operations) held.add(operation);
  grants.set(key, held);
}

/** What a service's user needs: Write and Describe on what it writes; Read and Describe on what it reads, Write on its dead letters; Read on its groups, and Delete on ephemeral ones. */
export function neededGrants(access: KafkaAccess): Grants {
  const grants: Grants = new Map();
  for (const topic of access.writes)
    grant(grants, resourceKey('topic', topic), 'Write', 'Describe');
  for (const reader of access.reads) {
    grant(grants, resourceKey('topic', reader.topic), 'Read', 'Describe');
    grant(grants, resourceKey('topic', deadLetterTopic(reader.topic)), 'Write', 'Describe');
    if (reader.ephemeralGroups)
      grant(grants, resourceKey('group', reader.group, 'prefix'), 'Read', 'Delete');
    else grant(grants, resourceKey('group', reader.group), 'Read');
  }
  return grants;
}

function grantsOf(user: IKafkaUser): Grants {
  const grants: Grants = new Map();
  for (const acl of user.spec.authorization?.acls ?? []) {
    grant(
      grants,
      resourceKey(acl.resource.type, acl.resource.name, acl.resource.patternType ?? 'literal'),
      ...acl.operations,
    );
  }
  return grants;
}

function compareGrants(where: string, actual: Grants, needed: Grants, who: string): string[] {
  const problems: string[] = [];
  for (const [resource, operations] of needed) {
    const missing = [...operations].filter((operation) => !actual.get(resource)?.has(operation));
    if (missing.length > 0)
      problems.push(`${where}: lacks ${missing.join(', ')} on ${resource}, which ${who} needs`);
  }
  for (const [resource, operations] of actual) {
    const excess = [...operations].filter((operation) => !needed.get(resource)?.has(operation));
    if (excess.length > 0)
      problems.push(
        `${where}: grants ${excess.join(', ')} on ${resource}, which ${who} does not need`,
      );
  }
  return problems;
}

function checkAcl(
  where: string,
  acl: Acl,
  topics: ReadonlySet<string>,
  groups: ReadonlySet<string>,
): string[] {
  const { type, name, patternType } = acl.resource;
  const problems: string[] = [];
  if (acl.type === 'deny') problems.push(`${where}: a deny ACL; grant less instead`);
  if (acl.host !== undefined && acl.host !== '*')
    problems.push(`${where}: an ACL limited to host ${acl.host}; pods have no fixed address`);
  if (acl.operations.includes('All'))
    problems.push(`${where}: grants All on ${resourceKey(type, name, patternType)}`);
  if (type === 'topic' && (patternType === 'prefix' || !topics.has(name ?? '')))
    problems.push(
      `${where}: names topic ${String(name)}${patternType === 'prefix' ? '*' : ''}, which the code does not declare`,
    );
  if (type === 'group' && !groups.has(`${name ?? ''}${patternType === 'prefix' ? '*' : ''}`))
    problems.push(
      `${where}: names group ${String(name)}${patternType === 'prefix' ? '*' : ''}, which no consumer uses`,
    );
  if (type === 'cluster' || type === 'transactionalId')
    problems.push(`${where}: grants on the ${type} resource, which no Gatehouse process needs`);
  return problems;
}

function kedaTrigger(
  services: readonly KubernetesObject[],
): { topic: string; consumerGroup: string } | undefined {
  for (const scaledObject of objectsOfKind<IScaledObject>(services, 'ScaledObject')) {
    const trigger = (scaledObject.spec.triggers ?? []).find(
      (candidate) => candidate.type === 'kafka',
    );
    const { topic, consumerGroup } = (trigger?.metadata ?? {}) as Record<
      string,
      string | undefined
    >;
    if (topic && consumerGroup) return { topic, consumerGroup };
  }
  return undefined;
}

/**
 * Problems of the KafkaUsers (`users`) against the code and the services' rendering; empty when all
 * hold. `declaredTopics`: every topic the code declares (gatehouse-event-facts.ts).
 */
export function checkKafkaUserConventions(
  users: readonly KubernetesObject[],
  services: readonly KubernetesObject[],
  declaredTopics: readonly TopicSpec[],
): string[] {
  const kafkaUsers = objectsOfKind<IKafkaUser>(users, 'KafkaUser');
  const topics = new Set(declaredTopics.map((spec) => spec.topic));
  const groups = new Set(
    Object.values(KAFKA_ACCESS).flatMap((access) =>
      access.reads.map((reader) => `${reader.group}${reader.ephemeralGroups ? '*' : ''}`),
    ),
  );
  const problems: string[] = [];
  const expected = new Map<string, { needed: Grants; who: string }>();
  for (const [service, access] of Object.entries(KAFKA_ACCESS) as Array<
    [GatehouseService, KafkaAccess]
  >) {
    expected.set(kafkaUserOf(service), { needed: neededGrants(access), who: service });
  }
  const trigger = kedaTrigger(services);
  if (trigger) {
    const needed: Grants = new Map();
    grant(needed, resourceKey('topic', trigger.topic), 'Describe');
    grant(needed, resourceKey('group', trigger.consumerGroup), 'Describe');
    expected.set(KEDA_KAFKA_USER, { needed, who: "KEDA's lag check" });
  }
  const mechanism = objectsOfKind<IConfigMap>(services, 'ConfigMap').find(
    (c) => c.metadata.name === CONFIG_MAP_NAME,
  )?.data?.GATEHOUSE_KAFKA_SASL_MECHANISM;
  for (const user of kafkaUsers) {
    const where = describeObject(user);
    const expectation = expected.get(user.metadata.name);
    if (!expectation) {
      problems.push(`${where}: no Gatehouse process signs in as it`);
      continue;
    }
    if (
      user.spec.authentication?.type !== 'scram-sha-512' ||
      (mechanism !== undefined && mechanism !== 'scram-sha-512')
    ) {
      problems.push(
        `${where}: authenticates by ${String(user.spec.authentication?.type)}, the services by GATEHOUSE_KAFKA_SASL_MECHANISM=${String(mechanism)}; both must be scram-sha-512`,
      );
    }
    for (const acl of user.spec.authorization?.acls ?? [])
      problems.push(...checkAcl(where, acl, topics, groups));
    problems.push(...compareGrants(where, grantsOf(user), expectation.needed, expectation.who));
  }
  for (const name of expected.keys())
    if (!kafkaUsers.some((user) => user.metadata.name === name))
      problems.push(`KafkaUser/${name}: missing`);
  for (const deployment of objectsOfKind<IDeployment>(services, 'Deployment')) {
    const service = deployment.metadata.name as GatehouseService;
    if (!(service in KAFKA_ACCESS)) continue;
    const [container] = deployment.spec?.template.spec?.containers ?? [];
    const username = container ? literalEnvValue(container, KAFKA_USERNAME_VARIABLE) : undefined;
    if (username !== kafkaUserOf(service))
      problems.push(
        `${describeObject(deployment)}: env ${KAFKA_USERNAME_VARIABLE} must be ${kafkaUserOf(service)}, its own KafkaUser`,
      );
  }
  return problems;
}
