import type { ConfigProblem } from '../config.error';
import { envSection, type EnvValues } from '../env-section';
import { brokerList, flag, nonEmptyText, pemFile, positiveInteger } from '../env-fields';
import { envVariable, invalid } from '../env-variable';
import { documented, type VariableDoc } from '../variable-doc';

// How the services reach Kafka: the brokers, and the credentials and TLS a secured cluster asks
// for (docs/operations.md "Kafka ACLs"). Unset, the connection is plaintext and anonymous.

const KAFKA_SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

const KAFKA_BROKERS_DOC: VariableDoc = {
  description: 'Comma-separated Kafka bootstrap brokers, `host:port`.',
};
const CONSUMER_REJOIN_LIMIT_DOC: VariableDoc = {
  description:
    'How long a Kafka consumer of the process may be out of its group (restarting after a crash, rejoining) before `/readyz` answers 503. Services that work without Kafka (all but the delivery worker) count it only while the broker answers.',
};
const MECHANISM_DOC: VariableDoc = {
  description:
    'SASL mechanism to authenticate to Kafka with: `scram-sha-512`, `scram-sha-256`, or `plain` (only with `GATEHOUSE_KAFKA_TLS=true`).',
  shownDefault: 'unset: no authentication',
};
const USERNAME_DOC: VariableDoc = {
  description:
    "The Kafka user (SASL), e.g. the service's Strimzi `KafkaUser`. Required with a mechanism.",
  shownDefault: 'unset',
};
const PASSWORD_DOC: VariableDoc = {
  description:
    "Secret: the Kafka user's password (SASL), from a Secret, never logged. Required with a mechanism.",
  shownDefault: 'unset',
};
const TLS_DOC: VariableDoc = {
  description:
    "Connect to the brokers over TLS (`true`/`false`); the brokers' certificate is checked against `GATEHOUSE_KAFKA_CA_FILE`, else the system's CAs.",
};
const CA_FILE_DOC: VariableDoc = {
  description:
    "PEM file of the CA that signed the brokers' certificates (Strimzi: `ca.crt` of `<cluster>-cluster-ca-cert`). Needs `GATEHOUSE_KAFKA_TLS=true`.",
  shownDefault: "unset: the system's CAs",
};
const CERT_FILE_DOC: VariableDoc = {
  description:
    'PEM client certificate for brokers that authenticate clients by TLS, with `GATEHOUSE_KAFKA_KEY_FILE`. Needs `GATEHOUSE_KAFKA_TLS=true`.',
  shownDefault: 'unset: none',
};
const KEY_FILE_DOC: VariableDoc = {
  description: 'PEM private key of `GATEHOUSE_KAFKA_CERT_FILE`.',
  shownDefault: 'unset: none',
};

const saslMechanism = envVariable((raw) => {
  const mechanism = raw.trim().toLowerCase();
  return (KAFKA_SASL_MECHANISMS as readonly string[]).includes(mechanism)
    ? (mechanism as KafkaSaslMechanism)
    : invalid(`must be one of ${KAFKA_SASL_MECHANISMS.join(', ')}`);
});

interface KafkaSasl {
  mechanism: KafkaSaslMechanism;
  username: string;
  password: string;
}

/** PEM texts, read from their files at boot. */
interface KafkaTls {
  ca?: string;
  cert?: string;
  key?: string;
}

export interface KafkaConfig {
  brokers: string[];
  /** How long a consumer may be out of its group before the process is not ready. */
  consumerRejoinLimitMs: number;
  /** Absent: the connection is anonymous. */
  sasl?: KafkaSasl;
  /** Absent: the connection is plaintext. */
  tls?: KafkaTls;
}

const shape = {
  KAFKA_BROKERS: documented(brokerList, KAFKA_BROKERS_DOC),
  GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS: documented(
    positiveInteger().default(60),
    CONSUMER_REJOIN_LIMIT_DOC,
  ),
  GATEHOUSE_KAFKA_SASL_MECHANISM: documented(saslMechanism.optional(), MECHANISM_DOC),
  GATEHOUSE_KAFKA_USERNAME: documented(nonEmptyText.optional(), USERNAME_DOC),
  GATEHOUSE_KAFKA_PASSWORD: documented(nonEmptyText.optional(), PASSWORD_DOC),
  GATEHOUSE_KAFKA_TLS: documented(flag.default(false), TLS_DOC),
  GATEHOUSE_KAFKA_CA_FILE: documented(pemFile('CERTIFICATE').optional(), CA_FILE_DOC),
  GATEHOUSE_KAFKA_CERT_FILE: documented(pemFile('CERTIFICATE').optional(), CERT_FILE_DOC),
  GATEHOUSE_KAFKA_KEY_FILE: documented(pemFile('PRIVATE KEY').optional(), KEY_FILE_DOC),
};

type KafkaValues = EnvValues<typeof shape>;

/** Credentials go together, and a certificate file means nothing without TLS. */
function kafkaProblems(env: KafkaValues): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const mechanism = env.GATEHOUSE_KAFKA_SASL_MECHANISM;
  if (mechanism) {
    for (const variable of ['GATEHOUSE_KAFKA_USERNAME', 'GATEHOUSE_KAFKA_PASSWORD'] as const) {
      if (env[variable] === undefined)
        problems.push({
          variable,
          reason: `required with GATEHOUSE_KAFKA_SASL_MECHANISM=${mechanism}`,
        });
    }
    if (mechanism === 'plain' && !env.GATEHOUSE_KAFKA_TLS) {
      problems.push({
        variable: 'GATEHOUSE_KAFKA_SASL_MECHANISM',
        reason:
          'plain sends the password as it is: use it only with GATEHOUSE_KAFKA_TLS=true, or choose scram-sha-512',
      });
    }
  } else {
    for (const variable of ['GATEHOUSE_KAFKA_USERNAME', 'GATEHOUSE_KAFKA_PASSWORD'] as const) {
      if (env[variable] !== undefined)
        problems.push({
          variable,
          reason: 'is set, but GATEHOUSE_KAFKA_SASL_MECHANISM is not: set the mechanism too',
        });
    }
  }
  for (const variable of [
    'GATEHOUSE_KAFKA_CA_FILE',
    'GATEHOUSE_KAFKA_CERT_FILE',
    'GATEHOUSE_KAFKA_KEY_FILE',
  ] as const) {
    if (env[variable] !== undefined && !env.GATEHOUSE_KAFKA_TLS)
      problems.push({ variable, reason: 'is set, but GATEHOUSE_KAFKA_TLS is not true' });
  }
  if (
    (env.GATEHOUSE_KAFKA_CERT_FILE === undefined) !==
    (env.GATEHOUSE_KAFKA_KEY_FILE === undefined)
  ) {
    const missing =
      env.GATEHOUSE_KAFKA_CERT_FILE === undefined
        ? 'GATEHOUSE_KAFKA_CERT_FILE'
        : 'GATEHOUSE_KAFKA_KEY_FILE';
    problems.push({
      variable: missing,
      reason:
        'a client certificate needs both GATEHOUSE_KAFKA_CERT_FILE and GATEHOUSE_KAFKA_KEY_FILE',
    });
  }
  return problems;
}

function buildKafka(env: KafkaValues): KafkaConfig {
  const config: KafkaConfig = {
    brokers: env.KAFKA_BROKERS,
    consumerRejoinLimitMs: env.GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS * 1000,
  };
  const mechanism = env.GATEHOUSE_KAFKA_SASL_MECHANISM;
  if (mechanism)
    config.sasl = {
      mechanism,
      username: env.GATEHOUSE_KAFKA_USERNAME!,
      password: env.GATEHOUSE_KAFKA_PASSWORD!,
    };
  if (env.GATEHOUSE_KAFKA_TLS) {
    config.tls = {
      ...(env.GATEHOUSE_KAFKA_CA_FILE ? { ca: env.GATEHOUSE_KAFKA_CA_FILE } : {}),
      ...(env.GATEHOUSE_KAFKA_CERT_FILE ? { cert: env.GATEHOUSE_KAFKA_CERT_FILE } : {}),
      ...(env.GATEHOUSE_KAFKA_KEY_FILE ? { key: env.GATEHOUSE_KAFKA_KEY_FILE } : {}),
    };
  }
  return config;
}

export const kafkaSection = envSection(shape, buildKafka, kafkaProblems);
