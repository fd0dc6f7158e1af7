import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDeliveryWorkerConfig } from '../apps/delivery-worker.config';
import { ConfigError } from '../config.error';
import type { Environment } from '../load-config';

// The Kafka connection through a service's loader: what each combination builds, and the message
// naming the variable to change when one does not make sense.

const SERVICE_ENV = {
  GATEHOUSE_PUBLIC_URL: 'https://hub.example.com',
  DATABASE_URL: 'postgres://db/gatehouse',
  REDIS_URL: 'redis://redis:6379',
  KAFKA_BROKERS: 'kafka-0:9093,kafka-1:9093',
  GATEHOUSE_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};
const CA = '-----BEGIN CERTIFICATE-----\nY2E=\n-----END CERTIFICATE-----\n';
const CERT = '-----BEGIN CERTIFICATE-----\nY2VydA==\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN EC PRIVATE KEY-----\na2V5\n-----END EC PRIVATE KEY-----\n';
const PASSWORD = 'correct horse battery staple';

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-kafka-config-'));
  writeFileSync(file('ca.crt'), CA);
  writeFileSync(file('user.crt'), CERT);
  writeFileSync(file('user.key'), KEY);
  writeFileSync(file('notes.txt'), 'not a certificate');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kafkaOf = (env: Environment) => loadDeliveryWorkerConfig({ ...SERVICE_ENV, ...env }).kafka;

function problems(env: Environment): string[] {
  try {
    kafkaOf(env);
  } catch (error) {
    if (error instanceof ConfigError)
      return error.problems.map(({ variable, reason }) => `${variable}: ${reason}`);
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('the Kafka connection (kafka section)', () => {
  it('is plaintext and anonymous by default', () => {
    expect(kafkaOf({})).toEqual({
      brokers: ['kafka-0:9093', 'kafka-1:9093'],
      consumerRejoinLimitMs: 60_000,
    });
  });

  it.each(['scram-sha-512', 'SCRAM-SHA-256', 'Scram-Sha-512'])(
    'authenticates with SASL %s, named in any case',
    (mechanism) => {
      expect(
        kafkaOf({
          GATEHOUSE_KAFKA_SASL_MECHANISM: mechanism,
          GATEHOUSE_KAFKA_USERNAME: 'gatehouse-delivery-worker',
          GATEHOUSE_KAFKA_PASSWORD: PASSWORD,
        }),
      ).toEqual({
        brokers: ['kafka-0:9093', 'kafka-1:9093'],
        consumerRejoinLimitMs: 60_000,
        sasl: {
          mechanism: mechanism.toLowerCase(),
          username: 'gatehouse-delivery-worker',
          password: PASSWORD,
        },
      });
    },
  );

  it('speaks TLS with the CA, client certificate and key read from their files', () => {
    expect(
      kafkaOf({
        GATEHOUSE_KAFKA_TLS: 'true',
        GATEHOUSE_KAFKA_CA_FILE: file('ca.crt'),
        GATEHOUSE_KAFKA_CERT_FILE: file('user.crt'),
        GATEHOUSE_KAFKA_KEY_FILE: file('user.key'),
        GATEHOUSE_KAFKA_SASL_MECHANISM: 'plain',
        GATEHOUSE_KAFKA_USERNAME: 'u',
        GATEHOUSE_KAFKA_PASSWORD: PASSWORD,
      }),
    ).toEqual({
      brokers: ['kafka-0:9093', 'kafka-1:9093'],
      consumerRejoinLimitMs: 60_000,
      sasl: { mechanism: 'plain', username: 'u', password: PASSWORD },
      tls: { ca: CA, cert: CERT, key: KEY },
    });
    expect(kafkaOf({ GATEHOUSE_KAFKA_TLS: 'yes' }).tls).toEqual({});
  });

  it.each<[string, Environment, string[]]>([
    [
      'a mechanism without credentials',
      { GATEHOUSE_KAFKA_SASL_MECHANISM: 'scram-sha-512' },
      [
        'GATEHOUSE_KAFKA_USERNAME: required with GATEHOUSE_KAFKA_SASL_MECHANISM=scram-sha-512',
        'GATEHOUSE_KAFKA_PASSWORD: required with GATEHOUSE_KAFKA_SASL_MECHANISM=scram-sha-512',
      ],
    ],
    [
      'a mechanism without a password',
      { GATEHOUSE_KAFKA_SASL_MECHANISM: 'scram-sha-256', GATEHOUSE_KAFKA_USERNAME: 'u' },
      ['GATEHOUSE_KAFKA_PASSWORD: required with GATEHOUSE_KAFKA_SASL_MECHANISM=scram-sha-256'],
    ],
    [
      'credentials without a mechanism',
      { GATEHOUSE_KAFKA_USERNAME: 'u', GATEHOUSE_KAFKA_PASSWORD: PASSWORD },
      [
        'GATEHOUSE_KAFKA_USERNAME: is set, but GATEHOUSE_KAFKA_SASL_MECHANISM is not: set the mechanism too',
        'GATEHOUSE_KAFKA_PASSWORD: is set, but GATEHOUSE_KAFKA_SASL_MECHANISM is not: set the mechanism too',
      ],
    ],
    [
      'PLAIN over a plaintext connection',
      {
        GATEHOUSE_KAFKA_SASL_MECHANISM: 'plain',
        GATEHOUSE_KAFKA_USERNAME: 'u',
        GATEHOUSE_KAFKA_PASSWORD: PASSWORD,
      },
      [
        'GATEHOUSE_KAFKA_SASL_MECHANISM: plain sends the password as it is: use it only with GATEHOUSE_KAFKA_TLS=true, or choose scram-sha-512',
      ],
    ],
    [
      'an unknown mechanism',
      { GATEHOUSE_KAFKA_SASL_MECHANISM: 'gssapi' },
      ['GATEHOUSE_KAFKA_SASL_MECHANISM: must be one of plain, scram-sha-256, scram-sha-512'],
    ],
    [
      'certificate files without TLS, and a certificate without its key',
      { GATEHOUSE_KAFKA_CA_FILE: 'ca.crt', GATEHOUSE_KAFKA_CERT_FILE: 'user.crt' },
      [
        'GATEHOUSE_KAFKA_CA_FILE: is set, but GATEHOUSE_KAFKA_TLS is not true',
        'GATEHOUSE_KAFKA_CERT_FILE: is set, but GATEHOUSE_KAFKA_TLS is not true',
        'GATEHOUSE_KAFKA_KEY_FILE: a client certificate needs both GATEHOUSE_KAFKA_CERT_FILE and GATEHOUSE_KAFKA_KEY_FILE',
      ],
    ],
    [
      'a CA file that is not there',
      { GATEHOUSE_KAFKA_TLS: 'true', GATEHOUSE_KAFKA_CA_FILE: 'missing.crt' },
      ['GATEHOUSE_KAFKA_CA_FILE: cannot read {dir}/missing.crt (ENOENT)'],
    ],
    [
      'a CA file that holds no certificate',
      { GATEHOUSE_KAFKA_TLS: 'true', GATEHOUSE_KAFKA_CA_FILE: 'notes.txt' },
      ['GATEHOUSE_KAFKA_CA_FILE: {dir}/notes.txt holds no PEM CERTIFICATE'],
    ],
    [
      'a key file that holds a certificate',
      {
        GATEHOUSE_KAFKA_TLS: 'true',
        GATEHOUSE_KAFKA_CERT_FILE: 'user.crt',
        GATEHOUSE_KAFKA_KEY_FILE: 'ca.crt',
      },
      ['GATEHOUSE_KAFKA_KEY_FILE: {dir}/ca.crt holds no PEM PRIVATE KEY'],
    ],
  ])('refuses %s, naming the variable to change', (_case, env, expected) => {
    const inDir = Object.fromEntries(
      Object.entries(env).map(([name, value]) => [
        name,
        name.endsWith('_FILE') && value ? file(value) : value,
      ]),
    );
    expect(problems(inDir)).toEqual(expected.map((line) => line.replace('{dir}', dir)));
  });

  it('takes blank values (Kubernetes writes NAME= for an empty field) as unset', () => {
    expect(kafkaOf({ GATEHOUSE_KAFKA_SASL_MECHANISM: ' ', GATEHOUSE_KAFKA_CA_FILE: '' })).toEqual({
      brokers: ['kafka-0:9093', 'kafka-1:9093'],
      consumerRejoinLimitMs: 60_000,
    });
  });

  it('never puts the password in a message', () => {
    const lines = problems({
      GATEHOUSE_KAFKA_USERNAME: 'u',
      GATEHOUSE_KAFKA_PASSWORD: PASSWORD,
      GATEHOUSE_KAFKA_SASL_MECHANISM: 'plain',
    });

    expect(lines).toEqual([
      'GATEHOUSE_KAFKA_SASL_MECHANISM: plain sends the password as it is: use it only with GATEHOUSE_KAFKA_TLS=true, or choose scram-sha-512',
    ]);
    expect(lines.join('\n')).not.toContain(PASSWORD);
  });
});
