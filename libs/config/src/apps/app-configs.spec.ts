import { ConfigError } from '../config.error';
import { deliverySection } from '../sections/delivery.section';
import { oauthSection, tokenIssuanceSection } from '../sections/oauth.section';
import { principalCacheSection } from '../sections/principal-cache.section';
import { runtimeSection } from '../sections/runtime.section';
import { webhooksSection } from '../sections/webhooks.section';
import { sectionDefaults } from '../testing/config-builders';
import { loadAllInOneConfig } from './all-in-one.config';
import { loadAuthConfig } from './auth.config';
import { loadDeliveryWorkerConfig } from './delivery-worker.config';
import { loadTokenExchangeConfig } from './token-exchange.config';
import { loadWebhookManagementConfig } from './webhook-management.config';

const KEY = Buffer.alloc(32, 7).toString('base64');
const TOKEN = 'i'.repeat(32);

const SERVERS = {
  GATEHOUSE_PUBLIC_URL: 'https://hub.example.com',
  DATABASE_URL: 'postgres://gatehouse:pw@db:5432/gatehouse',
  REDIS_URL: 'redis://redis:6379/0',
  KAFKA_BROKERS: 'kafka-0:9092,kafka-1:9092',
};

// The defaults each section declares, with the values this spec pins on top: a new variable with a
// default reaches these expectations by itself (docs/architecture.md "How to add").
const DEFAULT_RUNTIME = {
  ...sectionDefaults(runtimeSection),
  logLevel: 'info',
  shutdownGraceMs: 10000,
};
const DEFAULT_PRINCIPALS = {
  ...sectionDefaults(principalCacheSection),
  inProcess: { maxEntries: 10_000, ttlMs: 1_000 },
};
const DEFAULT_TOKEN_ISSUANCE = {
  ...sectionDefaults(tokenIssuanceSection),
  accessTokenTtlSeconds: 28800,
  platformName: 'huggingface',
  userEmailTokenType: 'urn:huggingface:token-type:user-email',
};
const DEFAULT_OAUTH = {
  ...sectionDefaults(oauthSection),
  ...DEFAULT_TOKEN_ISSUANCE,
  authorizationCodeTtlSeconds: 60,
  deviceCodeTtlSeconds: 900,
  devicePollIntervalSeconds: 5,
  signInSessionTtlSeconds: 604800,
  refreshReuseGraceSeconds: 10,
  tokenRetentionDays: 7,
};
const DEFAULT_MAIL = { smtpUrl: undefined, from: 'Gatehouse <gatehouse@localhost>' };

const DEFAULT_WEBHOOKS = {
  ...sectionDefaults(webhooksSection),
  maxWebhooksPerUser: 100,
  dailyTriggerLimit: 1000,
};
const DEFAULT_DELIVERY = {
  ...sectionDefaults(deliverySection),
  retryScheduleSeconds: [5, 300, 1800, 7200, 18000, 36000, 36000],
  timeoutMs: 15000,
  jobLauncher: 'disabled',
  localJobUser: { uid: 65534, gid: 65534 },
  retentionDays: 30,
  dailyTriggerLimit: 1000,
};
const STORES = {
  postgres: { url: SERVERS.DATABASE_URL, namedStatements: true },
  redis: { url: SERVERS.REDIS_URL },
  kafka: { brokers: ['kafka-0:9092', 'kafka-1:9092'], consumerRejoinLimitMs: 60_000 },
};

function problemVariables(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => problem.variable);
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('per-app configuration', () => {
  it('auth: servers, both secrets, the token-exchange URL, the interactive OAuth settings; port 3000', () => {
    const env = {
      ...SERVERS,
      GATEHOUSE_ENCRYPTION_KEY: KEY,
      GATEHOUSE_INTERNAL_TOKEN: TOKEN,
      GATEHOUSE_TOKEN_EXCHANGE_URL: 'http://token-exchange:3001/',
    };
    expect(loadAuthConfig(env)).toEqual({
      service: 'auth',
      http: { port: 3000, publicUrl: 'https://hub.example.com' },
      runtime: DEFAULT_RUNTIME,
      principals: DEFAULT_PRINCIPALS,
      ...STORES,
      secrets: { encryptionKey: KEY, internalToken: TOKEN, internalTokenAccepted: null },
      network: { allowLoopbackTargets: false },
      clientAddress: { trustedProxies: [] },
      admin: { platformAdmins: [] },
      oauth: DEFAULT_OAUTH,
      tokenExchange: { url: 'http://token-exchange:3001' },
      webApp: { directory: 'dist/apps/web' },
      mail: DEFAULT_MAIL,
      signUp: { mode: 'closed', deletionGraceDays: 7 },
    });
    expect(problemVariables(() => loadAuthConfig({}))).toEqual([
      'GATEHOUSE_PUBLIC_URL',
      'DATABASE_URL',
      'REDIS_URL',
      'KAFKA_BROKERS',
      'GATEHOUSE_ENCRYPTION_KEY',
      'GATEHOUSE_INTERNAL_TOKEN',
      'GATEHOUSE_TOKEN_EXCHANGE_URL',
    ]);
  });

  it('an encryption key ring in GATEHOUSE_ENCRYPTION_KEY, newest first, each key checked', () => {
    const env = { ...SERVERS, GATEHOUSE_INTERNAL_TOKEN: TOKEN };
    const other = Buffer.alloc(32, 9).toString('base64');
    expect(
      loadTokenExchangeConfig({ ...env, GATEHOUSE_ENCRYPTION_KEY: `k2:${other}, k1:${KEY}` })
        .secrets.encryptionKey,
    ).toBe(`k2:${other},k1:${KEY}`);
    expect(
      loadTokenExchangeConfig({ ...env, GATEHOUSE_ENCRYPTION_KEY: `k2:${other},${KEY}` }).secrets
        .encryptionKey,
    ).toBe(`k2:${other},${KEY}`);
    for (const ring of [`k2:${other},k1:short`, `k1:${other},k1:${KEY}`, `${other},${KEY}`])
      expect(() => loadTokenExchangeConfig({ ...env, GATEHOUSE_ENCRYPTION_KEY: ring })).toThrow(
        /GATEHOUSE_ENCRYPTION_KEY: (a key ring must be|the key ring names the key k1 twice|the key ring holds more than one unnamed key)/,
      );
  });

  it('a second internal token accepted during a rotation, held to the same rules', () => {
    const env = { ...SERVERS, GATEHOUSE_ENCRYPTION_KEY: KEY, GATEHOUSE_INTERNAL_TOKEN: TOKEN };
    expect(
      loadTokenExchangeConfig({ ...env, GATEHOUSE_INTERNAL_TOKEN_ACCEPTED: 'n'.repeat(32) })
        .secrets,
    ).toEqual({ encryptionKey: KEY, internalToken: TOKEN, internalTokenAccepted: 'n'.repeat(32) });
    expect(() =>
      loadTokenExchangeConfig({ ...env, GATEHOUSE_INTERNAL_TOKEN_ACCEPTED: 'short' }),
    ).toThrow(/GATEHOUSE_INTERNAL_TOKEN_ACCEPTED/);
  });

  it('token-exchange: servers, both secrets, token issuance settings; port 3001', () => {
    const env = { ...SERVERS, GATEHOUSE_ENCRYPTION_KEY: KEY, GATEHOUSE_INTERNAL_TOKEN: TOKEN };
    expect(loadTokenExchangeConfig(env)).toEqual({
      service: 'token-exchange',
      http: { port: 3001, publicUrl: 'https://hub.example.com' },
      runtime: DEFAULT_RUNTIME,
      principals: DEFAULT_PRINCIPALS,
      ...STORES,
      secrets: { encryptionKey: KEY, internalToken: TOKEN, internalTokenAccepted: null },
      network: { allowLoopbackTargets: false },
      clientAddress: { trustedProxies: [] },
      oauth: DEFAULT_TOKEN_ISSUANCE,
    });
    expect(problemVariables(() => loadTokenExchangeConfig({}))).toEqual([
      'GATEHOUSE_PUBLIC_URL',
      'DATABASE_URL',
      'REDIS_URL',
      'KAFKA_BROKERS',
      'GATEHOUSE_ENCRYPTION_KEY',
      'GATEHOUSE_INTERNAL_TOKEN',
    ]);
  });

  it('webhook-management: servers, both secrets, webhook limits; port 3002', () => {
    const env = { ...SERVERS, GATEHOUSE_ENCRYPTION_KEY: KEY, GATEHOUSE_INTERNAL_TOKEN: TOKEN };
    expect(loadWebhookManagementConfig(env)).toEqual({
      service: 'webhook-management',
      http: { port: 3002, publicUrl: 'https://hub.example.com' },
      runtime: DEFAULT_RUNTIME,
      principals: DEFAULT_PRINCIPALS,
      ...STORES,
      secrets: { encryptionKey: KEY, internalToken: TOKEN, internalTokenAccepted: null },
      network: { allowLoopbackTargets: false },
      clientAddress: { trustedProxies: [] },
      webhooks: DEFAULT_WEBHOOKS,
    });
    expect(problemVariables(() => loadWebhookManagementConfig({}))).toEqual([
      'GATEHOUSE_PUBLIC_URL',
      'DATABASE_URL',
      'REDIS_URL',
      'KAFKA_BROKERS',
      'GATEHOUSE_ENCRYPTION_KEY',
      'GATEHOUSE_INTERNAL_TOKEN',
    ]);
  });

  it('delivery-worker: servers and the encryption key only, delivery settings; port 3003', () => {
    const env = { ...SERVERS, GATEHOUSE_ENCRYPTION_KEY: KEY };
    expect(loadDeliveryWorkerConfig(env)).toEqual({
      service: 'delivery-worker',
      http: { port: 3003, publicUrl: 'https://hub.example.com' },
      runtime: DEFAULT_RUNTIME,
      ...STORES,
      secrets: { encryptionKey: KEY },
      network: { allowLoopbackTargets: false },
      delivery: DEFAULT_DELIVERY,
      jobTokens: { mint: null },
    });
    expect(problemVariables(() => loadDeliveryWorkerConfig({}))).toEqual([
      'GATEHOUSE_PUBLIC_URL',
      'DATABASE_URL',
      'REDIS_URL',
      'KAFKA_BROKERS',
      'GATEHOUSE_ENCRYPTION_KEY',
    ]);
  });

  it('delivery-worker: mints Job tokens at token-exchange when given its URL and the internal token', () => {
    const env = { ...SERVERS, GATEHOUSE_ENCRYPTION_KEY: KEY };
    const mint = {
      GATEHOUSE_TOKEN_EXCHANGE_URL: 'http://token-exchange:3001',
      GATEHOUSE_INTERNAL_TOKEN: 'i'.repeat(40),
    };
    expect(loadDeliveryWorkerConfig({ ...env, ...mint }).jobTokens).toEqual({
      mint: { url: 'http://token-exchange:3001', internalToken: 'i'.repeat(40) },
    });
    expect(
      loadDeliveryWorkerConfig({
        ...env,
        GATEHOUSE_TOKEN_EXCHANGE_URL: mint.GATEHOUSE_TOKEN_EXCHANGE_URL,
      }).jobTokens,
    ).toEqual({ mint: null });
  });

  it('sends named prepared statements unless GATEHOUSE_DATABASE_NAMED_STATEMENTS turns them off', () => {
    const env = { ...SERVERS, GATEHOUSE_ENCRYPTION_KEY: KEY, GATEHOUSE_INTERNAL_TOKEN: TOKEN };
    const off = { ...env, GATEHOUSE_DATABASE_NAMED_STATEMENTS: 'false' };
    expect(loadTokenExchangeConfig(off).postgres).toEqual({
      url: SERVERS.DATABASE_URL,
      namedStatements: false,
    });
    expect(() =>
      loadTokenExchangeConfig({ ...env, GATEHOUSE_DATABASE_NAMED_STATEMENTS: 'sometimes' }),
    ).toThrow(/GATEHOUSE_DATABASE_NAMED_STATEMENTS/);
  });

  it('reads the consumer rejoin limit in seconds, and refuses one that is not a positive whole number', () => {
    const env = { ...SERVERS, GATEHOUSE_ENCRYPTION_KEY: KEY };
    expect(
      loadDeliveryWorkerConfig({ ...env, GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS: '45' }).kafka,
    ).toEqual({ brokers: STORES.kafka.brokers, consumerRejoinLimitMs: 45_000 });
    expect(
      problemVariables(() =>
        loadDeliveryWorkerConfig({ ...env, GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS: '0' }),
      ),
    ).toEqual(['GATEHOUSE_CONSUMER_REJOIN_LIMIT_SECONDS']);
  });

  it('all-in-one: starts from an empty environment on port 8080 with its public URL on that port', () => {
    expect(loadAllInOneConfig({})).toEqual({
      service: 'gatehouse',
      http: {
        port: 8080,
        publicUrl: 'http://localhost:8080',
        host: '127.0.0.1',
        allowDemoOnNetwork: false,
        accessLog: false,
      },
      runtime: DEFAULT_RUNTIME,
      principals: DEFAULT_PRINCIPALS,
      storage: { dataDir: './.gatehouse', seedPath: undefined },
      webApp: { directory: 'dist/apps/web' },
      secrets: { encryptionKey: undefined, internalToken: undefined },
      network: { allowLoopbackTargets: false },
      clientAddress: { trustedProxies: [] },
      admin: { platformAdmins: [] },
      oauth: DEFAULT_OAUTH,
      webhooks: DEFAULT_WEBHOOKS,
      delivery: DEFAULT_DELIVERY,
      mail: DEFAULT_MAIL,
      signUp: { mode: 'closed', deletionGraceDays: 7 },
    });
  });

  it('all-in-one: the default public URL follows PORT; an explicit one and configured secrets win', () => {
    expect(loadAllInOneConfig({ PORT: '9999' }).http).toEqual({
      port: 9999,
      publicUrl: 'http://localhost:9999',
      host: '127.0.0.1',
      allowDemoOnNetwork: false,
      accessLog: false,
    });
    const config = loadAllInOneConfig({
      PORT: '9999',
      GATEHOUSE_PUBLIC_URL: 'https://gatehouse.test',
      GATEHOUSE_ENCRYPTION_KEY: KEY,
      GATEHOUSE_INTERNAL_TOKEN: TOKEN,
      GATEHOUSE_SEED: './seed.yaml',
      GATEHOUSE_DATA_DIR: '/var/lib/gatehouse',
      GATEHOUSE_ACCESS_LOG: 'true',
    });
    expect(config.http).toEqual({
      port: 9999,
      publicUrl: 'https://gatehouse.test',
      host: '127.0.0.1',
      allowDemoOnNetwork: false,
      accessLog: true,
    });
    expect(config.secrets).toEqual({ encryptionKey: KEY, internalToken: TOKEN });
    expect(config.storage).toEqual({ dataDir: '/var/lib/gatehouse', seedPath: './seed.yaml' });
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1', 'localhost'])(
    'all-in-one: serves the demo seed on the loopback address %s',
    (host) => {
      expect(loadAllInOneConfig({ HOST: host }).http.host).toBe(host);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20'])(
    'all-in-one: refuses the demo seed (no GATEHOUSE_SEED) on %s unless told',
    (host) => {
      expect(() => loadAllInOneConfig({ HOST: host })).toThrow(
        `Invalid configuration: HOST: ${host} is not a loopback address and no GATEHOUSE_SEED is set, so the public demo accounts would be reachable from the network; set GATEHOUSE_SEED to your own seed, or GATEHOUSE_ALLOW_DEMO_ON_NETWORK=true`,
      );
      expect(loadAllInOneConfig({ HOST: host, GATEHOUSE_SEED: './seed.yaml' }).http.host).toBe(
        host,
      );
      expect(
        loadAllInOneConfig({ HOST: host, GATEHOUSE_ALLOW_DEMO_ON_NETWORK: 'true' }).http,
      ).toMatchObject({ host, allowDemoOnNetwork: true });
    },
  );

  it('all-in-one: HOST is an address to listen on', () => {
    expect(problemVariables(() => loadAllInOneConfig({ HOST: 'gatehouse.example.com' }))).toEqual([
      'HOST',
    ]);
    expect(() => loadAllInOneConfig({ HOST: 'http://0.0.0.0' })).toThrow(
      'Invalid configuration: HOST: must be an IP address (127.0.0.1, ::1, 0.0.0.0, ::) or localhost',
    );
  });

  it('all-in-one: ignores the server variables of the distributed shape', () => {
    expect(
      loadAllInOneConfig({ DATABASE_URL: 'not a url', KAFKA_BROKERS: '??' }),
    ).not.toHaveProperty('postgres');
  });

  it('all-in-one: still validates the secrets it is given', () => {
    expect(
      problemVariables(() =>
        loadAllInOneConfig({
          GATEHOUSE_ENCRYPTION_KEY: 'short',
          GATEHOUSE_INTERNAL_TOKEN: 'short',
        }),
      ),
    ).toEqual(['GATEHOUSE_ENCRYPTION_KEY', 'GATEHOUSE_INTERNAL_TOKEN']);
  });
});

describe('GATEHOUSE_PLATFORM_ADMINS', () => {
  it('reads a comma-separated list of usernames, and refuses anything else naming the variable', () => {
    expect(loadAllInOneConfig({ GATEHOUSE_PLATFORM_ADMINS: ' alice, bob.s ,' }).admin).toEqual({
      platformAdmins: ['alice', 'bob.s'],
    });
    expect(() => loadAllInOneConfig({ GATEHOUSE_PLATFORM_ADMINS: 'alice,bob smith' })).toThrow(
      /GATEHOUSE_PLATFORM_ADMINS/,
    );
  });
});
