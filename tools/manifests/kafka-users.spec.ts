import type { IKafkaUser } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaUser';
import { KAFKA_ACCESS } from '@gatehouse/messaging';
import {
  baseObjects,
  baseUsers,
  broken,
  containerOf,
  find,
  problemsOf,
} from './kubernetes-base-under-test';
import { neededGrants } from './kafka-user-conventions';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObject, validateKubernetesObjects } from './kubernetes-schema-validator';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';

// k8s/kafka-users: a Strimzi KafkaUser per process that talks to Kafka, validated against the
// KafkaUser CRD schema and held to what the code does (libs/messaging/src/kafka-access.ts).

const user = (from: KubernetesObject[], name: string): IKafkaUser =>
  find<IKafkaUser>(from, 'KafkaUser', name);
const aclsOf = (from: readonly KubernetesObject[], name: string) =>
  user(from as KubernetesObject[], name).spec.authorization!.acls.map(
    (acl) =>
      `${acl.resource.type} ${acl.resource.name}${acl.resource.patternType === 'prefix' ? '*' : ''}: ${acl.operations.join(' ')}`,
  );

describe('k8s/kafka-users', () => {
  it('declares a user for each service, and a read-only one for KEDA; the migration has none', () => {
    expect(baseUsers.map((o) => o.metadata.name).sort()).toEqual([
      'gatehouse-auth',
      'gatehouse-delivery-worker',
      'gatehouse-keda',
      'gatehouse-token-exchange',
      'gatehouse-webhook-management',
    ]);
    expect(problemsOf(baseObjects)).toEqual([]);
  });

  it('is valid against the KafkaUser CRD schema and declares no field it does not define', () => {
    expect(validateKubernetesObjects(baseUsers)).toEqual([]);
    expect(findUnknownKubernetesFields(baseUsers)).toEqual([]);
  }, 60_000);

  it('refuses an operation Strimzi does not know', () => {
    const [wrong] = broken((c) => {
      user(c, 'gatehouse-keda').spec.authorization!.acls[0].operations = ['Peek' as 'Read'];
    }, baseUsers).filter((o) => o.metadata.name === 'gatehouse-keda');

    expect(validateKubernetesObject(wrong)).toEqual([
      'KafkaUser/gatehouse-keda: /spec/authorization/acls/0/operations/0 must be one of Read, Write, Create, Delete, Alter, Describe, ClusterAction, AlterConfigs, DescribeConfigs, IdempotentWrite, All',
    ]);
  });

  it('grants the delivery worker its reads, its writes and its ephemeral groups, and KEDA Describe only', () => {
    expect(aclsOf(baseUsers, 'gatehouse-delivery-worker')).toEqual([
      'topic gatehouse.repo-events.v1: Read Describe',
      'topic gatehouse.repo-events.v1.dlq: Write Describe',
      'topic gatehouse.delivery-replay.v1: Read Describe',
      'topic gatehouse.delivery-replay.v1.dlq: Write Describe',
      'topic gatehouse.webhook-changed.v1: Read Write Describe',
      'topic gatehouse.webhook-changed.v1.dlq: Write Describe',
      'topic gatehouse.delivery-dlq.v1: Write Describe',
      'topic gatehouse.webhook-notices.v1: Write Describe',
      'group gatehouse-delivery-worker: Read',
      'group gatehouse-delivery-worker.replays: Read',
      'group gatehouse-delivery-worker.webhooks.*: Read Delete',
    ]);
    expect(aclsOf(baseUsers, 'gatehouse-keda')).toEqual([
      'topic gatehouse.repo-events.v1: Describe',
      'group gatehouse-delivery-worker: Describe',
    ]);
    expect([...neededGrants(KAFKA_ACCESS['webhook-management']).keys()].sort()).toEqual([
      'group gatehouse.principal-cache',
      'topic gatehouse.delivery-replay.v1',
      'topic gatehouse.repo-events.v1',
      'topic gatehouse.token-events.v1',
      'topic gatehouse.token-events.v1.dlq',
      'topic gatehouse.webhook-changed.v1',
    ]);
  });

  it.each<[string, (users: KubernetesObject[]) => void, string[]]>([
    [
      'a service that cannot write what it produces',
      (c) => {
        user(c, 'gatehouse-token-exchange').spec.authorization!.acls.splice(0, 1);
      },
      [
        'KafkaUser/gatehouse-token-exchange: lacks Write, Describe on topic gatehouse.audit.v1, which token-exchange needs',
      ],
    ],
    [
      'a worker allowed to forge repo events, and any group',
      (c) => {
        const acls = user(c, 'gatehouse-delivery-worker').spec.authorization!.acls;
        acls[0].operations = ['Read', 'Write', 'Describe'];
        acls.push({
          resource: { type: 'group', name: 'gatehouse', patternType: 'prefix' },
          operations: ['Read'],
        });
      },
      [
        'KafkaUser/gatehouse-delivery-worker: names group gatehouse*, which no consumer uses',
        'KafkaUser/gatehouse-delivery-worker: grants Write on topic gatehouse.repo-events.v1, which delivery-worker does not need',
        'KafkaUser/gatehouse-delivery-worker: grants Read on group gatehouse*, which delivery-worker does not need',
      ],
    ],
    [
      'an ACL on a topic the code does not declare, on the cluster, and for everything',
      (c) => {
        user(c, 'gatehouse-auth').spec.authorization!.acls.push(
          {
            resource: { type: 'topic', name: 'gatehouse.tokens.v2', patternType: 'literal' },
            operations: ['Write'],
          },
          { resource: { type: 'cluster' }, operations: ['All'] },
        );
      },
      [
        'KafkaUser/gatehouse-auth: names topic gatehouse.tokens.v2, which the code does not declare',
        'KafkaUser/gatehouse-auth: grants All on the cluster',
        'KafkaUser/gatehouse-auth: grants on the cluster resource, which no Gatehouse process needs',
        'KafkaUser/gatehouse-auth: grants Write on topic gatehouse.tokens.v2, which auth does not need',
        'KafkaUser/gatehouse-auth: grants All on the cluster, which auth does not need',
      ],
    ],
    [
      'a KEDA user that may read messages, and a user nobody signs in as',
      (c) => {
        user(c, 'gatehouse-keda').spec.authorization!.acls[0].operations = ['Read', 'Describe'];
        c.push({
          ...structuredClone(c.find((o) => o.metadata.name === 'gatehouse-keda')!),
          metadata: { name: 'gatehouse-admin', labels: { 'strimzi.io/cluster': 'kafka' } },
        });
      },
      [
        "KafkaUser/gatehouse-keda: grants Read on topic gatehouse.repo-events.v1, which KEDA's lag check does not need",
        'KafkaUser/gatehouse-admin: no Gatehouse process signs in as it',
      ],
    ],
    [
      'a missing user, and users that authenticate by certificate',
      (c) => {
        c.splice(
          c.findIndex((o) => o.metadata.name === 'gatehouse-auth'),
          1,
        );
        user(c, 'gatehouse-keda').spec.authentication = { type: 'tls' };
      },
      [
        'KafkaUser/gatehouse-keda: authenticates by tls, the services by GATEHOUSE_KAFKA_SASL_MECHANISM=scram-sha-512; both must be scram-sha-512',
        'KafkaUser/gatehouse-auth: missing',
      ],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(baseObjects, { users: broken(mutate, baseUsers) })).toEqual(problems);
  });

  it("names a service that signs in as another service's user", () => {
    const services = broken((c) => {
      const container = containerOf(c, 'webhook-management');
      container.env!.find((v) => v.name === 'GATEHOUSE_KAFKA_USERNAME')!.value =
        'gatehouse-delivery-worker';
      container.env!.find(
        (v) => v.name === 'GATEHOUSE_KAFKA_PASSWORD',
      )!.valueFrom!.secretKeyRef!.name = 'gatehouse-delivery-worker';
    });

    expect(problemsOf(services)).toEqual([
      'Deployment/webhook-management: env GATEHOUSE_KAFKA_USERNAME must be gatehouse-webhook-management, its own KafkaUser',
    ]);
  });
});
