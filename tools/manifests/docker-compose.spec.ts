import { join } from 'node:path';
import { checkComposeConventions } from './compose-conventions';
import { composeSchemaTitle, validateComposeFile } from './compose-schema-validator';
import { readYamlDocuments } from './yaml-documents';

// docker-compose.yml cannot be run here (no container engine): it is validated against the
// Compose Specification's JSON schema and against what Gatehouse needs from it.

interface ComposeServiceUnderTest {
  environment: Record<string, string>;
  ports?: string[];
  healthcheck: { test: string[] };
  depends_on: Record<string, { condition: string }>;
  [field: string]: unknown;
}

type ComposeUnderTest = { services: Record<string, ComposeServiceUnderTest> } & Record<
  string,
  unknown
>;

const [compose] = readYamlDocuments(
  join(__dirname, '..', '..', 'docker-compose.yml'),
) as ComposeUnderTest[];

function broken(mutate: (copy: ComposeUnderTest) => void): ComposeUnderTest {
  const copy = structuredClone(compose);
  mutate(copy);
  return copy;
}

describe('docker-compose.yml against the Compose Specification schema', () => {
  it('uses the Compose Specification schema shipped by the dclint package', () => {
    expect(composeSchemaTitle()).toBe('Compose Specification');
  });

  it('is a valid Compose file', () => {
    expect(validateComposeFile(compose)).toEqual([]);
  });

  it('rejects an unknown service field, naming it', () => {
    const misspelt = broken((c) => {
      c.services.auth.healthchek = c.services.auth.healthcheck;
    });

    expect(validateComposeFile(misspelt)).toEqual([
      "/services/auth has unknown property 'healthchek'",
    ]);
  });

  it('rejects a depends_on condition Compose does not know', () => {
    const badCondition = broken((c) => {
      c.services['delivery-worker'].depends_on.migrate.condition = 'service_completed';
    });

    expect(validateComposeFile(badCondition)).toContain(
      '/services/delivery-worker/depends_on/migrate/condition must be one of service_started, service_healthy, service_completed_successfully',
    );
  });

  it('rejects an unknown top-level section', () => {
    const unknownSection = broken((c) => {
      c.servces = {};
    });

    expect(validateComposeFile(unknownSection)).toEqual(["(root) has unknown property 'servces'"]);
  });
});

describe('docker-compose.yml conventions', () => {
  it('runs the four services after the migration, on their ports, with readiness checks and interpolated secrets', () => {
    expect(checkComposeConventions(compose)).toEqual([]);
  });

  it.each<[string, (c: ComposeUnderTest) => void, string[]]>([
    [
      "the delivery worker in webhook-management's image",
      (c) => {
        c.services['delivery-worker'].image = 'gatehouse-webhook-management:dev';
        c.services['delivery-worker'].build = {
          context: '.',
          args: { SERVICE: 'webhook-management' },
        };
      },
      [
        'services.delivery-worker: image must be gatehouse-delivery-worker:<tag>, the image of delivery-worker',
        'services.delivery-worker: must build the Dockerfile with args SERVICE: delivery-worker',
      ],
    ],
    [
      "the migration in a service's image, which holds no CLI",
      (c) => {
        c.services.migrate.image = 'gatehouse-auth:dev';
      },
      ['services.migrate: image must be gatehouse-cli:<tag>, the image of cli'],
    ],
    [
      'a healthcheck on the liveness path',
      (c) => {
        c.services.auth.healthcheck.test = [
          'CMD',
          'node',
          '-e',
          "fetch('http://127.0.0.1:3000/healthz')",
        ];
      },
      ['services.auth: healthcheck must probe http://127.0.0.1:3000/readyz'],
    ],
    [
      'a healthcheck on another service port',
      (c) => {
        c.services['token-exchange'].healthcheck.test = [
          'CMD',
          'node',
          '-e',
          "fetch('http://127.0.0.1:3000/readyz')",
        ];
      },
      ['services.token-exchange: healthcheck must probe http://127.0.0.1:3001/readyz'],
    ],
    [
      'a wrong PORT',
      (c) => {
        c.services['webhook-management'].environment.PORT = '3005';
      },
      ['services.webhook-management: PORT must be 3002'],
    ],
    [
      'a service that does not wait for the migration',
      (c) => {
        c.services.auth.depends_on.migrate.condition = 'service_started';
      },
      ['services.auth: must depend on migrate with condition service_completed_successfully'],
    ],
    [
      'a service published beside the gateway',
      (c) => {
        c.services['token-exchange'].ports = ['127.0.0.1:3001:3001'];
      },
      ['services.token-exchange: must publish no port (the gateway is the one public address)'],
    ],
    [
      'the gateway left unpublished',
      (c) => {
        delete c.services.gateway.ports;
      },
      ['services.gateway: must publish exactly port 8080'],
    ],
    [
      'a gateway without the generated routes',
      (c) => {
        c.services.gateway.volumes = [
          './deploy/gateway/nginx.conf:/etc/nginx/nginx.conf:ro',
          './docs/openapi.json:/etc/nginx/gatehouse/openapi.json:ro',
        ];
      },
      ['services.gateway: must mount the generated routes, ./deploy/gateway/routes.conf'],
    ],
    [
      'a gateway without the OpenAPI document',
      (c) => {
        c.services.gateway.volumes = [
          './deploy/gateway/nginx.conf:/etc/nginx/nginx.conf:ro',
          './deploy/gateway/routes.conf:/etc/nginx/gatehouse/routes.conf:ro',
        ];
      },
      [
        'services.gateway: must mount ./docs/openapi.json as /etc/nginx/gatehouse/openapi.json, the document it serves',
      ],
    ],
    [
      'a service trusting X-Forwarded-For from more than the gateway',
      (c) => {
        c.services.auth.environment.GATEHOUSE_TRUSTED_PROXIES = '172.30.80.0/24';
      },
      ["services.auth: GATEHOUSE_TRUSTED_PROXIES must be the gateway's address, 172.30.80.10"],
    ],
    [
      'a gateway without an address of its own',
      (c) => {
        delete c.services.gateway.networks;
      },
      [
        'services.gateway: needs a fixed ipv4_address on the default network, the one proxy the services trust',
      ],
    ],
    [
      'a literal encryption key',
      (c) => {
        c.services.auth.environment.GATEHOUSE_ENCRYPTION_KEY =
          'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTMyYnl0ZXM=';
      },
      [
        'services.auth: GATEHOUSE_ENCRYPTION_KEY must be the required interpolation ${GATEHOUSE_ENCRYPTION_KEY:?...}, not a value',
      ],
    ],
    [
      'a database password written in the file',
      (c) => {
        c.services.migrate.environment.DATABASE_URL =
          'postgres://gatehouse:hunter2@postgres:5432/gatehouse';
      },
      ['services.migrate: DATABASE_URL writes a password; interpolate it from the environment'],
    ],
    [
      'a variable no app reads',
      (c) => {
        c.services['delivery-worker'].environment.GATEHOUSE_DEBUG = 'true';
      },
      [
        'services.delivery-worker: environment GATEHOUSE_DEBUG is not a Gatehouse configuration variable',
      ],
    ],
    [
      'a variable read only by another app',
      (c) => {
        c.services['token-exchange'].environment.GATEHOUSE_TOKEN_EXCHANGE_URL =
          'http://token-exchange:3001';
      },
      ['services.token-exchange: GATEHOUSE_TOKEN_EXCHANGE_URL is not read by token-exchange'],
    ],
    [
      'a required variable left out',
      (c) => {
        delete c.services.auth.environment.GATEHOUSE_TOKEN_EXCHANGE_URL;
      },
      ['services.auth: auth requires GATEHOUSE_TOKEN_EXCHANGE_URL, which is not set'],
    ],
    [
      'Kafka on ZooKeeper',
      (c) => {
        c.services.kafka.environment.KAFKA_PROCESS_ROLES = 'broker';
        c.services.kafka.environment.KAFKA_ZOOKEEPER_CONNECT = 'zookeeper:2181';
      },
      [
        'services.kafka: must run in KRaft mode (KAFKA_PROCESS_ROLES with controller, no ZooKeeper)',
      ],
    ],
    [
      'a service that migrates',
      (c) => {
        c.services['delivery-worker'].command = [
          'node',
          'dist/apps/cli/src/main.js',
          'admin',
          'migrate',
        ];
      },
      [
        'services.delivery-worker: command must be node dist/apps/delivery-worker/src/main.js',
        'services.delivery-worker: only migrate may migrate',
        // The delivery worker's image holds no CLI.
        'services.delivery-worker: image must be gatehouse-cli:<tag>, the image of cli',
        'services.delivery-worker: must build the Dockerfile with args SERVICE: cli',
      ],
    ],
    [
      'a too short stop grace period',
      (c) => {
        c.services['delivery-worker'].stop_grace_period = '10s';
      },
      ['services.delivery-worker: stop_grace_period must exceed the 10000 ms drain'],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(checkComposeConventions(broken(mutate))).toEqual(problems);
  });
});
