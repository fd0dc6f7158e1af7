import type { IKafkaUser } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaUser';
import {
  deadLetterTopic,
  GATEHOUSE_TOPIC_SPECS,
  type GatehouseService,
  type IncomingMessage,
  KAFKA_ACCESS,
  KafkaEventBus,
  Topics,
} from '@gatehouse/messaging';
import { type RunningKafkaBroker, startKafkaBroker, waitUntil } from '@gatehouse/testing';
import {
  AclOperationTypes,
  AclPermissionTypes,
  AclResourceTypes,
  type Admin,
  Kafka,
  logLevel,
  ResourcePatternTypes,
} from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { KEDA_KAFKA_USER, kafkaUserOf } from './kafka-user-conventions';
import type { KubernetesObject } from './kubernetes-object';
import { renderKustomization } from './kustomize-renderer';

// The ACLs of k8s/kafka-users, loaded into a real broker that enforces them (StandardAuthorizer,
// SCRAM-SHA-512), and each service's Kafka access (libs/messaging/src/kafka-access.ts) played
// through the service's own KafkaEventBus, signed in as its own user: everything it does is
// allowed, and what another service does is refused. KEDA's user reads the lag and nothing else.

const users = renderKustomization(join(__dirname, '..', '..', 'k8s', 'kafka-users')).filter(
  (o): o is IKafkaUser & KubernetesObject => o.kind === 'KafkaUser',
);
const passwords = Object.fromEntries(
  users.map((user) => [user.metadata.name, randomBytes(12).toString('hex')]),
);

const OPERATIONS: Record<string, AclOperationTypes> = {
  Read: AclOperationTypes.READ,
  Write: AclOperationTypes.WRITE,
  Describe: AclOperationTypes.DESCRIBE,
  Delete: AclOperationTypes.DELETE,
};
const RESOURCES: Record<string, AclResourceTypes> = {
  topic: AclResourceTypes.TOPIC,
  group: AclResourceTypes.GROUP,
};
const REFUSAL_DEADLINE_MS = 8_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the KafkaUsers on a broker that enforces their ACLs', () => {
  let broker: RunningKafkaBroker;
  let admin: Admin;
  /** Publishes what the services read, on the anonymous listener (a super user here). */
  let feeder: KafkaEventBus;
  const buses: KafkaEventBus[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    broker = await startKafkaBroker({
      scram: { mechanism: 'SCRAM-SHA-512', users: passwords, authorizer: true },
    });
    admin = new Kafka({
      brokers: [broker.brokers],
      clientId: 'kafka-users-spec-admin',
      logLevel: logLevel.NOTHING,
    }).admin();
    feeder = new KafkaEventBus({
      brokers: [broker.brokers],
      clientId: 'kafka-users-spec-feeder',
      logger: silent,
      kafkaLogLevel: logLevel.NOTHING,
    });
    buses.push(feeder);
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: false,
      topics: GATEHOUSE_TOPIC_SPECS.map((spec) => ({
        topic: spec.topic,
        numPartitions: 1,
        replicationFactor: 1,
      })),
    });
    // The broker's metadata learns of new topics a moment after it created them, later on a busy
    // machine (kafkajs's own wait for leaders gives up on the first "unknown topic" answer).
    await waitUntil('the topics to have leaders', async () => {
      try {
        const { topics } = await admin.fetchTopicMetadata({
          topics: GATEHOUSE_TOPIC_SPECS.map((spec) => spec.topic),
        });
        return topics.every((topic) => topic.partitions.every((p) => p.leader >= 0));
      } catch {
        return false;
      }
    });
    const acl = users.flatMap((user) =>
      user.spec.authorization!.acls.flatMap((acl) =>
        acl.operations.map((operation) => ({
          resourceType: RESOURCES[acl.resource.type],
          resourceName: acl.resource.name!,
          resourcePatternType:
            acl.resource.patternType === 'prefix'
              ? ResourcePatternTypes.PREFIXED
              : ResourcePatternTypes.LITERAL,
          principal: `User:${user.metadata.name}`,
          host: '*',
          operation: OPERATIONS[operation],
          permissionType: AclPermissionTypes.ALLOW,
        })),
      ),
    );
    await admin.createAcls({ acl });
    // The broker's authorizer learns ACLs from the metadata log, a moment after they are created.
    const anyAcl = {
      resourceType: AclResourceTypes.ANY,
      resourcePatternType: ResourcePatternTypes.ANY,
      operation: AclOperationTypes.ANY,
      permissionType: AclPermissionTypes.ANY,
    };
    await waitUntil(
      'the broker to take the ACLs',
      async () =>
        (await admin.describeAcls(anyAcl)).resources.flatMap((resource) => resource.acls).length >=
        acl.length,
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await admin?.disconnect();
    await broker?.stop();
  }, 60_000);

  /** `subscribeTimeoutMs`: short where a refusal is expected, since the consumer is restarted until then. */
  function busAs(user: string, subscribeTimeoutMs = 20_000): KafkaEventBus {
    const bus = new KafkaEventBus({
      brokers: [broker.scramBrokers!],
      clientId: `kafka-users-spec-${user}`,
      connection: {
        sasl: { mechanism: 'scram-sha-512', username: user, password: passwords[user] },
        connectionTimeout: 3_000,
      },
      logger: {
        info: () => undefined,
        warn: (_details, message) => void warnings.push(`${user}: ${message}`),
        error: () => undefined,
      },
      kafkaLogLevel: logLevel.NOTHING,
      sessionTimeoutMs: 6_000,
      heartbeatIntervalMs: 500,
      maxWaitTimeMs: 200,
      subscribeTimeoutMs,
    });
    buses.push(bus);
    return bus;
  }

  it.each(Object.keys(KAFKA_ACCESS) as GatehouseService[])(
    '%s may do all it does: answer its readiness check, write its topics, read its topics in its groups, dead-letter what it reads',
    async (service) => {
      const access = KAFKA_ACCESS[service];
      const bus = busAs(kafkaUserOf(service));
      const marker = `${service}-${randomBytes(4).toString('hex')}`;

      await bus.ping(); // its readiness check
      for (const topic of access.writes)
        await bus.publish(topic, [{ key: marker, value: `{"to":"${topic}"}` }]);
      for (const reader of access.reads) {
        await bus.ensureTopics([{ topic: reader.topic }, { topic: deadLetterTopic(reader.topic) }]);
        const seen: IncomingMessage[] = [];
        const groupId = reader.ephemeralGroups ? `${reader.group}${marker}` : reader.group;
        const subscription = await bus.subscribe({
          topics: [reader.topic],
          groupId,
          ephemeral: reader.ephemeralGroups,
          fromBeginning: true,
          handler: async (message) => void seen.push(message),
        });
        await feeder.publish(reader.topic, [{ key: marker, value: '{}' }]);
        await waitUntil(`${service} to read ${reader.topic}`, () =>
          seen.some((message) => message.key === marker),
        );
        await bus.publish(deadLetterTopic(reader.topic), [{ key: marker, value: '{}' }]);
        await subscription.close();
        if (reader.ephemeralGroups)
          expect((await admin.listGroups()).groups.map((group) => group.groupId)).not.toContain(
            groupId,
          );
      }
      expect(warnings).toEqual([]);
    },
    90_000,
  );

  it.each<[string, GatehouseService, string]>([
    ['the delivery worker cannot forge repo events', 'delivery-worker', Topics.repoEvents],
    ['webhook-management cannot forge token events', 'webhook-management', Topics.tokenEvents],
    ['auth cannot write the audit feed', 'auth', Topics.audit],
    ['token-exchange cannot change webhooks', 'token-exchange', Topics.webhookChanged],
  ])(
    'refuses a write outside its access: %s',
    async (_case, service, topic) => {
      const bus = busAs(kafkaUserOf(service));

      await expect(bus.publish(topic, [{ key: 'k', value: '{}' }])).rejects.toThrow(
        'Not authorized to access topics: [Topic authorization failed]',
      );
    },
    30_000,
  );

  it('refuses a read outside its access: webhook-management cannot read repo events (private repositories included), even in its own group', async () => {
    const bus = busAs(kafkaUserOf('webhook-management'), REFUSAL_DEADLINE_MS);

    await expect(
      bus.subscribe({
        topics: [Topics.repoEvents],
        groupId: 'gatehouse.principal-cache',
        handler: async () => undefined,
      }),
    ).rejects.toThrow('Not authorized to access topics: [Topic authorization failed]');
  }, 60_000);

  it("refuses a group outside its access: auth cannot join the delivery workers' group", async () => {
    const bus = busAs(kafkaUserOf('auth'), REFUSAL_DEADLINE_MS);

    // kafkajs reports the broker's GROUP_AUTHORIZATION_FAILED answer to FindCoordinator this way;
    // the same call in auth's own group succeeds above. The consumer is restarted until the
    // subscription's deadline, which then names the latest crash.
    await expect(
      bus.subscribe({
        topics: [Topics.tokenEvents],
        groupId: 'gatehouse-delivery-worker',
        handler: async () => undefined,
      }),
    ).rejects.toMatchObject({
      cause: { name: 'KafkaJSGroupCoordinatorNotFound' },
    });
  }, 60_000);

  it("lets KEDA's user read the delivery workers' lag, and nothing else", async () => {
    const kedaAdmin = new Kafka({
      brokers: [broker.scramBrokers!],
      clientId: 'kafka-users-spec-keda',
      sasl: {
        mechanism: 'scram-sha-512',
        username: KEDA_KAFKA_USER,
        password: passwords[KEDA_KAFKA_USER],
      },
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();
    await kedaAdmin.connect();
    try {
      expect(await kedaAdmin.fetchTopicOffsets(Topics.repoEvents)).toEqual([
        expect.objectContaining({ partition: 0 }),
      ]);
      expect(
        await kedaAdmin.fetchOffsets({
          groupId: 'gatehouse-delivery-worker',
          topics: [Topics.repoEvents],
        }),
      ).toEqual([
        { topic: Topics.repoEvents, partitions: [expect.objectContaining({ partition: 0 })] },
      ]);
      await expect(kedaAdmin.fetchTopicOffsets(Topics.tokenEvents)).rejects.toThrow(
        'Not authorized to access topics: [Topic authorization failed]',
      );
    } finally {
      await kedaAdmin.disconnect();
    }
    const asKeda = busAs(KEDA_KAFKA_USER, REFUSAL_DEADLINE_MS);
    // Describe lets it find the group, not join it and take partitions from the workers.
    await expect(
      asKeda.subscribe({
        topics: [Topics.repoEvents],
        groupId: 'gatehouse-delivery-worker',
        handler: async () => undefined,
      }),
    ).rejects.toMatchObject({
      cause: { type: 'GROUP_AUTHORIZATION_FAILED' },
    });
  }, 90_000);
});
