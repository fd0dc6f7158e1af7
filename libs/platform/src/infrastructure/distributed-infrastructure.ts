import { DynamicModule } from '@nestjs/common';
import type { KafkaConfig } from '@gatehouse/config';
import { type GatehouseService, KAFKA_ACCESS } from '@gatehouse/messaging';
import { DatabaseModule } from './database.module';
import { FlowStateModule } from './flow-state.module';
import { kafkaConnectionOf } from './kafka-connection';
import { MessagingModule } from './messaging.module';

export interface DistributedStores {
  postgres: { url: string; namedStatements?: boolean };
  redis: { url: string };
  kafka: KafkaConfig;
}

/**
 * The adapters of the distributed shape, the same for every service: its PostgreSQL pool, Redis
 * under a key prefix of its own, and Kafka with an outbox relay (every service that changes the
 * database publishes through the outbox). Each connection carries the service's name
 * (`gatehouse-<service>`: PostgreSQL `application_name`, Redis `CLIENT SETNAME`, Kafka `clientId`), and
 * Kafka is reached over the TLS and as the Kafka user of the service's configuration. Browser sessions live under a prefix all services share. Services never migrate: that is `gatehouse admin migrate`.
 */
export function distributedInfrastructure(
  service: GatehouseService,
  stores: DistributedStores,
): DynamicModule[] {
  return [
    DatabaseModule.forRoot({
      type: 'postgres',
      url: stores.postgres.url,
      applicationName: `gatehouse-${service}`,
      namedStatements: stores.postgres.namedStatements,
    }),
    FlowStateModule.forRoot({
      type: 'redis',
      url: stores.redis.url,
      keyPrefix: `gatehouse:${service}:`,
      sharedKeyPrefix: 'gatehouse:shared:',
      connectionName: `gatehouse-${service}`,
    }),
    MessagingModule.forRoot({
      type: 'kafka',
      brokers: stores.kafka.brokers,
      clientId: `gatehouse-${service}`,
      connection: kafkaConnectionOf(stores.kafka),
      // Only what this service's Kafka user may write; the other services' relays take the rest.
      outboxRelay: { topics: KAFKA_ACCESS[service].writes },
      // Only the delivery worker cannot work without the broker; the others publish through the outbox.
      requiredForReadiness: service === 'delivery-worker',
      consumerRejoinLimitMs: stores.kafka.consumerRejoinLimitMs,
      // Its @EventPattern handlers must be exactly what its Kafka user may read.
      consumers: KAFKA_ACCESS[service].reads,
    }),
  ];
}
