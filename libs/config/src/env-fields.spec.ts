import { loadAllInOneConfig, type AllInOneConfig } from './apps/all-in-one.config';
import { loadAuthConfig, type AuthConfig } from './apps/auth.config';
import { anAuthEnvironment } from './testing/config-builders';

// Each variable through a real loader: the value it becomes, or the exact message naming it.

function authWith(variable: string, value: string): AuthConfig {
  return loadAuthConfig(anAuthEnvironment({ [variable]: value }));
}

function allInOneWith(variable: string, value: string): AllInOneConfig {
  return loadAllInOneConfig({ [variable]: value });
}

type Case = [
  variable: string,
  value: string,
  pick: (config: AuthConfig) => unknown,
  expected: unknown,
];
type BadCase = [variable: string, value: string, reason: string];

const good: Case[] = [
  ['PORT', '1', (c) => c.http.port, 1],
  ['PORT', '65535', (c) => c.http.port, 65535],
  [
    'GATEHOUSE_PUBLIC_URL',
    'http://localhost:3000',
    (c) => c.http.publicUrl,
    'http://localhost:3000',
  ],
  [
    'GATEHOUSE_PUBLIC_URL',
    'https://example.com/gatehouse',
    (c) => c.http.publicUrl,
    'https://example.com/gatehouse',
  ],
  [
    'DATABASE_URL',
    'postgresql://u:p@127.0.0.1:5432/db?sslmode=require',
    (c) => c.postgres.url,
    'postgresql://u:p@127.0.0.1:5432/db?sslmode=require',
  ],
  [
    'REDIS_URL',
    'rediss://:pw@cache.internal:6380/2',
    (c) => c.redis.url,
    'rediss://:pw@cache.internal:6380/2',
  ],
  [
    'KAFKA_BROKERS',
    ' a:9092 , b.internal:19092,[::1]:9094',
    (c) => c.kafka.brokers,
    ['a:9092', 'b.internal:19092', '[::1]:9094'],
  ],
  [
    'GATEHOUSE_ENCRYPTION_KEY',
    Buffer.alloc(32, 255).toString('base64url'),
    (c) => c.secrets.encryptionKey,
    Buffer.alloc(32, 255).toString('base64url'),
  ],
  ['GATEHOUSE_INTERNAL_TOKEN', 'x'.repeat(64), (c) => c.secrets.internalToken, 'x'.repeat(64)],
  [
    'GATEHOUSE_TOKEN_EXCHANGE_URL',
    'https://te.internal:8443/base//',
    (c) => c.tokenExchange.url,
    'https://te.internal:8443/base',
  ],
  ['GATEHOUSE_ALLOW_LOOPBACK_TARGETS', 'true', (c) => c.network.allowLoopbackTargets, true],
  ['GATEHOUSE_ALLOW_LOOPBACK_TARGETS', 'YES', (c) => c.network.allowLoopbackTargets, true],
  ['GATEHOUSE_ALLOW_LOOPBACK_TARGETS', '1', (c) => c.network.allowLoopbackTargets, true],
  ['GATEHOUSE_ALLOW_LOOPBACK_TARGETS', 'no', (c) => c.network.allowLoopbackTargets, false],
  ['GATEHOUSE_ALLOW_LOOPBACK_TARGETS', '0', (c) => c.network.allowLoopbackTargets, false],
  ['GATEHOUSE_ALLOW_LOOPBACK_TARGETS', 'False', (c) => c.network.allowLoopbackTargets, false],
  ['GATEHOUSE_TRUSTED_PROXIES', '', (c) => c.clientAddress.trustedProxies, []],
  [
    'GATEHOUSE_TRUSTED_PROXIES',
    '127.0.0.1',
    (c) => c.clientAddress.trustedProxies,
    ['127.0.0.1/32'],
  ],
  [
    'GATEHOUSE_TRUSTED_PROXIES',
    ' 10.0.0.0/8, 192.168.7.0/24 ,2001:db8::/32,::1',
    (c) => c.clientAddress.trustedProxies,
    ['10.0.0.0/8', '192.168.7.0/24', '2001:db8::/32', '::1/128'],
  ],
  ['LOG_LEVEL', 'debug', (c) => c.runtime.logLevel, 'debug'],
  ['LOG_LEVEL', 'silent', (c) => c.runtime.logLevel, 'silent'],
  ['GATEHOUSE_SHUTDOWN_GRACE_MS', '0', (c) => c.runtime.shutdownGraceMs, 0],
  ['GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS', '3600', (c) => c.oauth.accessTokenTtlSeconds, 3600],
  ['GATEHOUSE_DEVICE_CODE_TTL_SECONDS', '600', (c) => c.oauth.deviceCodeTtlSeconds, 600],
  [
    'GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS',
    '30',
    (c) => c.oauth.authorizationCodeTtlSeconds,
    30,
  ],
  ['GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS', '1', (c) => c.oauth.devicePollIntervalSeconds, 1],
  ['GATEHOUSE_SESSION_TTL_SECONDS', '86400', (c) => c.oauth.signInSessionTtlSeconds, 86400],
  ['GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS', '0', (c) => c.oauth.refreshReuseGraceSeconds, 0],
  [
    'GATEHOUSE_PLATFORM_NAME',
    'acme-hub',
    (c) => c.oauth.userEmailTokenType,
    'urn:acme-hub:token-type:user-email',
  ],
];

const bad: BadCase[] = [
  ['PORT', '0', 'must be an integer from 1 to 65535'],
  ['PORT', '65536', 'must be an integer from 1 to 65535'],
  ['PORT', '80a', 'must be an integer from 1 to 65535'],
  ['PORT', '-1', 'must be an integer from 1 to 65535'],
  ['GATEHOUSE_PUBLIC_URL', 'hub.example.com', 'must be an absolute http(s) URL'],
  ['GATEHOUSE_PUBLIC_URL', 'ftp://hub.example.com', 'must be an absolute http(s) URL'],
  ['GATEHOUSE_PUBLIC_URL', 'https://hub.example.com/', 'must not end with a slash'],
  ['GATEHOUSE_PUBLIC_URL', 'https://hub.example.com?x=1', 'must not have a query or fragment'],
  ['GATEHOUSE_PUBLIC_URL', 'https://hub.example.com#top', 'must not have a query or fragment'],
  ['GATEHOUSE_PUBLIC_URL', 'https://user:pw@hub.example.com', 'must not contain credentials'],
  ['DATABASE_URL', 'mysql://db/gatehouse', 'must be a postgres:// or postgresql:// URL'],
  ['DATABASE_URL', 'db:5432', 'must be a postgres:// or postgresql:// URL'],
  ['REDIS_URL', 'http://redis:6379', 'must be a redis:// or rediss:// URL'],
  ['KAFKA_BROKERS', 'kafka', 'must be a comma-separated list of host:port'],
  ['KAFKA_BROKERS', 'kafka:9092,', 'must be a comma-separated list of host:port'],
  ['KAFKA_BROKERS', 'kafka:99999', 'must be a comma-separated list of host:port'],
  [
    'GATEHOUSE_ENCRYPTION_KEY',
    Buffer.alloc(16).toString('base64'),
    'must be base64 of exactly 32 bytes (generate one with: openssl rand -base64 32)',
  ],
  [
    'GATEHOUSE_ENCRYPTION_KEY',
    Buffer.alloc(33).toString('base64'),
    'must be base64 of exactly 32 bytes (generate one with: openssl rand -base64 32)',
  ],
  [
    'GATEHOUSE_ENCRYPTION_KEY',
    '!'.repeat(44),
    'must be base64 of exactly 32 bytes (generate one with: openssl rand -base64 32)',
  ],
  ['GATEHOUSE_INTERNAL_TOKEN', 'x'.repeat(31), 'must be at least 32 characters'],
  ['GATEHOUSE_TOKEN_EXCHANGE_URL', 'token-exchange:3001', 'must be an absolute http(s) URL'],
  ['GATEHOUSE_ALLOW_LOOPBACK_TARGETS', 'on', 'must be one of true, false, 1, 0, yes, no'],
  ...[
    '10.0.0.0/33',
    'gateway',
    '127.1',
    '010.0.0.1',
    '10.0.0.0/8/8',
    'fe80::1%eth0/64',
    '::/129',
    '10.0.0.0/',
  ].map((value): BadCase => [
    'GATEHOUSE_TRUSTED_PROXIES',
    value,
    'must be a comma-separated list of IP addresses or CIDR blocks (10.0.0.0/8, 2001:db8::/32)',
  ]),
  ['LOG_LEVEL', 'verbose', 'must be one of fatal, error, warn, info, debug, trace, silent'],
  ['GATEHOUSE_SHUTDOWN_GRACE_MS', '-5', 'must be a non-negative integer'],
  ['GATEHOUSE_SHUTDOWN_GRACE_MS', '1.5', 'must be a non-negative integer'],
  ['GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS', '0', 'must be a positive integer'],
  ['GATEHOUSE_DEVICE_CODE_TTL_SECONDS', 'ten', 'must be a positive integer'],
  ['GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS', '60s', 'must be a positive integer'],
  ['GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS', '0', 'must be a positive integer'],
  ['GATEHOUSE_SESSION_TTL_SECONDS', '1e9', 'must be a positive integer'],
  ['GATEHOUSE_PLATFORM_NAME', 'Hugging Face', 'must be lower-case letters, digits and dashes'],
];

describe('each variable, through the auth loader', () => {
  it.each(good)('%s=%p is accepted', (variable, value, pick, expected) => {
    expect(pick(authWith(variable, value))).toEqual(expected);
  });

  it.each(bad)('%s=%p is refused, naming the variable', (variable, value, reason) => {
    expect(() => authWith(variable, value)).toThrow(
      `Invalid configuration: ${variable}: ${reason}`,
    );
  });
});

describe('variables of the webhooks, delivery and all-in-one sections', () => {
  type AllInOneCase = [
    variable: string,
    value: string,
    pick: (config: AllInOneConfig) => unknown,
    expected: unknown,
  ];
  const goodAllInOne: AllInOneCase[] = [
    ['GATEHOUSE_WEBHOOKS_PER_USER', '5', (c) => c.webhooks.maxWebhooksPerUser, 5],
    ['GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT', '20', (c) => c.webhooks.dailyTriggerLimit, 20],
    [
      'GATEHOUSE_DELIVERY_RETRY_SCHEDULE',
      '1, 2,3',
      (c) => c.delivery.retryScheduleSeconds,
      [1, 2, 3],
    ],
    ['GATEHOUSE_DELIVERY_RETRY_SCHEDULE', '0', (c) => c.delivery.retryScheduleSeconds, [0]],
    ['GATEHOUSE_DELIVERY_TIMEOUT_MS', '500', (c) => c.delivery.timeoutMs, 500],
    ['GATEHOUSE_DELIVERY_RETENTION_DAYS', '7', (c) => c.delivery.retentionDays, 7],
    ['GATEHOUSE_JOB_LAUNCHER', 'kubernetes', (c) => c.delivery.jobLauncher, 'kubernetes'],
    ['GATEHOUSE_JOB_LAUNCHER', 'local', (c) => c.delivery.jobLauncher, 'local'],
    [
      'GATEHOUSE_LOCAL_JOB_USER',
      '1000:100',
      (c) => c.delivery.localJobUser,
      { uid: 1000, gid: 100 },
    ],
    [
      'GATEHOUSE_KUBERNETES_JOB_NAMESPACE',
      'gatehouse-jobs',
      (c) => c.delivery.kubernetesJobNamespace,
      'gatehouse-jobs',
    ],
    ['GATEHOUSE_DATA_DIR', '/tmp/gh', (c) => c.storage.dataDir, '/tmp/gh'],
    ['GATEHOUSE_SEED', 'seeds/demo.yaml', (c) => c.storage.seedPath, 'seeds/demo.yaml'],
  ];
  const badAllInOne: BadCase[] = [
    ['GATEHOUSE_WEBHOOKS_PER_USER', '0', 'must be a positive integer'],
    ['GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT', 'lots', 'must be a positive integer'],
    [
      'GATEHOUSE_DELIVERY_RETRY_SCHEDULE',
      '5,,10',
      'must be a comma-separated list of whole seconds',
    ],
    [
      'GATEHOUSE_DELIVERY_RETRY_SCHEDULE',
      '5m,10m',
      'must be a comma-separated list of whole seconds',
    ],
    ['GATEHOUSE_DELIVERY_TIMEOUT_MS', '0', 'must be a positive integer'],
    ['GATEHOUSE_DELIVERY_RETENTION_DAYS', '0', 'must be a positive integer'],
    ['GATEHOUSE_JOB_LAUNCHER', 'docker', 'must be one of disabled, local, kubernetes'],
    [
      'GATEHOUSE_KUBERNETES_JOB_NAMESPACE',
      'Gatehouse_Jobs',
      'must be a Kubernetes name: lower-case letters, digits and dashes, at most 63',
    ],
    [
      'GATEHOUSE_KUBERNETES_JOB_NAMESPACE',
      `j${'o'.repeat(63)}bs`,
      'must be a Kubernetes name: lower-case letters, digits and dashes, at most 63',
    ],
    ['GATEHOUSE_LOCAL_JOB_USER', 'nobody', 'must be uid:gid, two numbers other than 0 (root)'],
    ['GATEHOUSE_LOCAL_JOB_USER', '0:0', 'must be uid:gid, two numbers other than 0 (root)'],
    ['GATEHOUSE_LOCAL_JOB_USER', '1000:0', 'must be uid:gid, two numbers other than 0 (root)'],
    ['PORT', '100000', 'must be an integer from 1 to 65535'],
    ['GATEHOUSE_PUBLIC_URL', 'localhost:8080', 'must be an absolute http(s) URL'],
  ];

  it.each(goodAllInOne)('%s=%p is accepted', (variable, value, pick, expected) => {
    expect(pick(allInOneWith(variable, value))).toEqual(expected);
  });

  it.each(badAllInOne)('%s=%p is refused, naming the variable', (variable, value, reason) => {
    expect(() => allInOneWith(variable, value)).toThrow(
      `Invalid configuration: ${variable}: ${reason}`,
    );
  });
});
