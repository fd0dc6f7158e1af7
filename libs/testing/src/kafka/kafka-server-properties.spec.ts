import { kafkaServerProperties } from './kafka-server-properties';

const settingsOf = (text: string) =>
  Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );

describe('kafkaServerProperties', () => {
  it('by default: one anonymous PLAINTEXT listener, no SASL, no authorizer', () => {
    const settings = settingsOf(
      kafkaServerProperties({ brokerPort: 9092, controllerPort: 9093 }, '/data'),
    );

    expect(settings).toMatchObject({
      listeners: 'PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093',
      'advertised.listeners': 'PLAINTEXT://127.0.0.1:9092',
      'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    });
    expect(
      Object.keys(settings).filter((name) => /sasl|authorizer|super\.users/.test(name)),
    ).toEqual([]);
  });

  it('with SCRAM: a SASL_PLAINTEXT listener beside the anonymous one, and ACLs when asked', () => {
    const settings = settingsOf(
      kafkaServerProperties({ brokerPort: 9092, controllerPort: 9093, scramPort: 9094 }, '/data', {
        scramMechanism: 'SCRAM-SHA-512',
        authorizer: true,
      }),
    );

    expect(settings).toMatchObject({
      listeners:
        'PLAINTEXT://127.0.0.1:9092,SASL_PLAINTEXT://127.0.0.1:9094,CONTROLLER://127.0.0.1:9093',
      'advertised.listeners': 'PLAINTEXT://127.0.0.1:9092,SASL_PLAINTEXT://127.0.0.1:9094',
      'listener.security.protocol.map':
        'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT',
      'sasl.enabled.mechanisms': 'SCRAM-SHA-512',
      'listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config':
        'org.apache.kafka.common.security.scram.ScramLoginModule required;',
      'authorizer.class.name': 'org.apache.kafka.metadata.authorizer.StandardAuthorizer',
      'super.users': 'User:ANONYMOUS',
      'allow.everyone.if.no.acl.found': 'false',
    });
  });
});
