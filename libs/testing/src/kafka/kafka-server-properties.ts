export interface KafkaServerPorts {
  brokerPort: number;
  controllerPort: number;
  /** A SASL_PLAINTEXT listener authenticating with SCRAM, beside the anonymous PLAINTEXT one. */
  scramPort?: number;
}

export type ScramMechanism = 'SCRAM-SHA-256' | 'SCRAM-SHA-512';

export interface KafkaSecurity {
  /** The mechanism of the SCRAM listener. */
  scramMechanism: ScramMechanism;
  /**
   * Turns Kafka's ACLs on (StandardAuthorizer): the anonymous PLAINTEXT listener and the
   * controller stay super users, so the launcher's probe and tests' admin clients may do anything,
   * while SCRAM users may do only what ACLs grant them.
   */
  authorizer: boolean;
}

/**
 * A single-node KRaft broker tuned for tests: one process is both broker and controller, internal
 * topics have one replica and few partitions (the group coordinator is ready sooner), groups start
 * rebalancing at once, and the log cleaner stays small but on, for compacted topics.
 */
export function kafkaServerProperties(
  { brokerPort, controllerPort, scramPort }: KafkaServerPorts,
  logDir: string,
  security?: KafkaSecurity,
): string {
  const scram =
    scramPort !== undefined && security ? `,SASL_PLAINTEXT://127.0.0.1:${scramPort}` : '';
  const settings: Record<string, string | number | boolean> = {
    'node.id': 1,
    'process.roles': 'broker,controller',
    listeners: `PLAINTEXT://127.0.0.1:${brokerPort}${scram},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${brokerPort}${scram}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': `PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT${scram ? ',SASL_PLAINTEXT:SASL_PLAINTEXT' : ''}`,
    ...(scram && security ? securitySettings(security) : {}),
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    'log.dirs': logDir,
    'num.partitions': 3,
    'default.replication.factor': 1,
    'min.insync.replicas': 1,
    'auto.create.topics.enable': true,
    'delete.topic.enable': true,
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 3,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 3,
    'group.initial.rebalance.delay.ms': 0,
    'group.min.session.timeout.ms': 1000,
    'num.network.threads': 2,
    'num.io.threads': 4,
    'num.recovery.threads.per.data.dir': 1,
    'log.segment.bytes': 1048576,
    'log.retention.check.interval.ms': 60000,
    'log.cleaner.threads': 1,
    'log.cleaner.dedupe.buffer.size': 4194304,
    'log.cleaner.backoff.ms': 1000,
  };
  return Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')
    .concat('\n');
}

function securitySettings({ scramMechanism, authorizer }: KafkaSecurity): Record<string, string> {
  return {
    'sasl.enabled.mechanisms': scramMechanism,
    [`listener.name.sasl_plaintext.${scramMechanism.toLowerCase()}.sasl.jaas.config`]:
      'org.apache.kafka.common.security.scram.ScramLoginModule required;',
    ...(authorizer
      ? {
          'authorizer.class.name': 'org.apache.kafka.metadata.authorizer.StandardAuthorizer',
          'super.users': 'User:ANONYMOUS',
          'allow.everyone.if.no.acl.found': 'false',
        }
      : {}),
  };
}

export function log4jProperties(logFile: string): string {
  return [
    'log4j.rootLogger=INFO, file',
    'log4j.logger.kafka=INFO',
    'log4j.logger.org.apache.kafka=INFO',
    'log4j.appender.file=org.apache.log4j.FileAppender',
    `log4j.appender.file.File=${logFile}`,
    'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
    'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
    '',
  ].join('\n');
}
