import type { KafkaConfig } from '@gatehouse/config';
import type { KafkaEventBusOptions } from '@gatehouse/messaging';

type Connection = NonNullable<KafkaEventBusOptions['connection']>;

/**
 * The TLS and SASL options of a service's Kafka clients, from its configuration (GATEHOUSE_KAFKA_*):
 * TLS checked against the configured CA (else the system's), and the service's own Kafka user.
 */
export function kafkaConnectionOf(kafka: Pick<KafkaConfig, 'sasl' | 'tls'>): Connection {
  const { sasl, tls } = kafka;
  return {
    ...(tls ? { ssl: Object.keys(tls).length > 0 ? { ...tls } : true } : {}),
    ...(sasl ? { sasl: saslOf(sasl) } : {}),
  };
}

/** kafkajs types each mechanism apart. */
function saslOf({
  mechanism,
  username,
  password,
}: NonNullable<KafkaConfig['sasl']>): Connection['sasl'] {
  switch (mechanism) {
    case 'plain':
      return { mechanism, username, password };
    case 'scram-sha-256':
      return { mechanism, username, password };
    case 'scram-sha-512':
      return { mechanism, username, password };
  }
}
