import type { GatehouseApp } from './apps/app-config-schemas';

export interface ConfigVariable {
  name: string;
  /** Apps whose configuration reads the variable. */
  apps: readonly GatehouseApp[];
  /** Apps that refuse to start without it. */
  requiredBy: readonly GatehouseApp[];
  /** Shown in the README; absent when there is none. */
  default?: string;
  description: string;
}

const SERVICES: readonly GatehouseApp[] = ['auth', 'token-exchange', 'webhook-management', 'delivery-worker'];
const ALL: readonly GatehouseApp[] = [...SERVICES, 'gatehouse'];
const INTERACTIVE: readonly GatehouseApp[] = ['auth', 'gatehouse'];
const WEBHOOKS: readonly GatehouseApp[] = ['webhook-management', 'delivery-worker', 'gatehouse'];
const DELIVERY: readonly GatehouseApp[] = ['delivery-worker', 'gatehouse'];

/** Every variable any app reads: the source of the README's configuration table (a spec checks both ways). */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'PORT',
    apps: ALL,
    requiredBy: [],
    default: 'auth 3000, token-exchange 3001, webhook-management 3002, delivery-worker 3003, all-in-one 8080',
    description: 'HTTP port (1-65535): the API, or health and metrics only for the delivery worker.',
  },
  {
    name: 'HOST',
    apps: ['gatehouse'],
    requiredBy: [],
    default: '127.0.0.1',
    description: 'Address the all-in-one listens on (an IP address or `localhost`); `0.0.0.0` or `::` for every interface.',
  },
  {
    name: 'GATEHOUSE_ALLOW_DEMO_ON_NETWORK',
    apps: ['gatehouse'],
    requiredBy: [],
    default: 'false',
    description: 'Lets the all-in-one serve its demo seed (public passwords) on a non-loopback `HOST`; without it, it refuses to start.',
  },
  {
    name: 'GATEHOUSE_PUBLIC_URL',
    apps: ALL,
    requiredBy: SERVICES,
    default: 'all-in-one: `http://localhost:<PORT>`; required by the services',
    description: 'Absolute http(s) URL without trailing slash: the OAuth issuer and the base of every public URL.',
  },
  {
    name: 'DATABASE_URL',
    apps: SERVICES,
    requiredBy: SERVICES,
    description: 'PostgreSQL connection URL (`postgres://user:password@host:5432/db`).',
  },
  {
    name: 'REDIS_URL',
    apps: SERVICES,
    requiredBy: SERVICES,
    description: 'Redis URL for short-lived flow state and rate-limit counters (`redis://` or `rediss://`).',
  },
  {
    name: 'KAFKA_BROKERS',
    apps: SERVICES,
    requiredBy: SERVICES,
    description: 'Comma-separated Kafka bootstrap brokers, `host:port`.',
  },
  {
    name: 'GATEHOUSE_ENCRYPTION_KEY',
    apps: ALL,
    requiredBy: SERVICES,
    default: 'all-in-one: generated once into `<GATEHOUSE_DATA_DIR>/encryption.key`; required by the services',
    description: 'Base64 of 32 random bytes (`openssl rand -base64 32`): AES-256-GCM key for secrets stored encrypted.',
  },
  {
    name: 'GATEHOUSE_INTERNAL_TOKEN',
    apps: ['auth', 'token-exchange', 'webhook-management', 'gatehouse'],
    requiredBy: ['auth', 'token-exchange', 'webhook-management'],
    default: 'all-in-one: generated once into `<GATEHOUSE_DATA_DIR>/internal.token`; required by the services that use it',
    description: 'Shared bearer secret (at least 32 characters) for service-to-service calls.',
  },
  {
    name: 'GATEHOUSE_TOKEN_EXCHANGE_URL',
    apps: ['auth'],
    requiredBy: ['auth'],
    description: 'Base URL of the token-exchange service, to which `auth` hands RFC 8693 grants.',
  },
  {
    name: 'GATEHOUSE_ALLOW_LOOPBACK_TARGETS',
    apps: ALL,
    requiredBy: [],
    default: 'false',
    description: 'Development only: lets webhook, client-ID metadata and JWKS URLs point at loopback (`true`/`false`/`1`/`0`/`yes`/`no`).',
  },
  {
    name: 'LOG_LEVEL',
    apps: ALL,
    requiredBy: [],
    default: 'info',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'GATEHOUSE_SHUTDOWN_GRACE_MS',
    apps: ALL,
    requiredBy: [],
    default: '10000',
    description: 'On SIGTERM, how long in-flight requests and messages may finish before connections close.',
  },
  {
    name: 'GATEHOUSE_DATA_DIR',
    apps: ['gatehouse'],
    requiredBy: [],
    default: '`./.gatehouse`',
    description: 'All-in-one storage: PGlite files and generated secrets.',
  },
  {
    name: 'GATEHOUSE_WEB_DIR',
    apps: INTERACTIVE,
    requiredBy: [],
    default: '`dist/apps/web` (relative to the working directory)',
    description: 'The built settings app (`npm run build`), served at `/`, `/settings/*` and `/organizations/*/settings/*`.',
  },
  {
    name: 'GATEHOUSE_SEED',
    apps: ['gatehouse'],
    requiredBy: [],
    default: 'the demo seed',
    description: 'Path of a seed file the all-in-one applies at start (applying it twice changes nothing).',
  },
  {
    name: 'GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS',
    apps: ['auth', 'token-exchange', 'gatehouse'],
    requiredBy: [],
    default: '28800',
    description: 'Lifetime of issued access tokens (token-exchange apps may be set otherwise by their organization).',
  },
  {
    name: 'GATEHOUSE_PLATFORM_NAME',
    apps: ['auth', 'token-exchange', 'gatehouse'],
    requiredBy: [],
    default: 'huggingface',
    description: 'Platform name in identifiers such as `urn:<name>:token-type:user-email`.',
  },
  {
    name: 'GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS',
    apps: INTERACTIVE,
    requiredBy: [],
    default: '60',
    description: 'Lifetime of an authorization code.',
  },
  {
    name: 'GATEHOUSE_DEVICE_CODE_TTL_SECONDS',
    apps: INTERACTIVE,
    requiredBy: [],
    default: '900',
    description: 'Lifetime of a device code and its user code.',
  },
  {
    name: 'GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS',
    apps: INTERACTIVE,
    requiredBy: [],
    default: '5',
    description: 'Minimum seconds between device-code token polls (RFC 8628 `interval`).',
  },
  {
    name: 'GATEHOUSE_SESSION_TTL_SECONDS',
    apps: INTERACTIVE,
    requiredBy: [],
    default: '604800',
    description: 'Lifetime of a browser sign-in session.',
  },
  {
    name: 'GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS',
    apps: INTERACTIVE,
    requiredBy: [],
    default: '10',
    description:
      'Seconds during which a just-rotated refresh token, presented again, gets the same new pair instead of revoking the grant (two processes refreshing at once); 0 turns the grace off.',
  },
  {
    name: 'GATEHOUSE_TOKEN_RETENTION_DAYS',
    apps: INTERACTIVE,
    requiredBy: [],
    default: '7',
    description: 'Days an expired access or refresh token stays in the database before it is pruned (hourly); device codes live in flow state and expire by themselves.',
  },
  {
    name: 'GATEHOUSE_WEBHOOKS_PER_USER',
    apps: WEBHOOKS,
    requiredBy: [],
    default: '100',
    description: 'Maximum number of webhooks per user.',
  },
  {
    name: 'GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT',
    apps: WEBHOOKS,
    requiredBy: [],
    default: '1000',
    description: 'Deliveries one webhook may trigger per day.',
  },
  {
    name: 'GATEHOUSE_DELIVERY_RETRY_SCHEDULE',
    apps: DELIVERY,
    requiredBy: [],
    default: '5,300,1800,7200,18000,36000,36000',
    description: 'Seconds before each retry of a failed delivery; after the last, the delivery is dead-lettered.',
  },
  {
    name: 'GATEHOUSE_DELIVERY_TIMEOUT_MS',
    apps: DELIVERY,
    requiredBy: [],
    default: '15000',
    description: 'Timeout of one delivery attempt.',
  },
  {
    name: 'GATEHOUSE_DELIVERY_RETENTION_DAYS',
    apps: DELIVERY,
    requiredBy: [],
    default: '30',
    description: 'Days a finished delivery (with its attempts) stays in the activity history before it is pruned.',
  },
  {
    name: 'GATEHOUSE_JOB_LAUNCHER',
    apps: DELIVERY,
    requiredBy: [],
    default: 'disabled',
    description:
      'How Job webhooks start Jobs: `disabled` (each Job delivery fails with a clear error), `kubernetes` (a Kubernetes Job), or `local` (a child process on the worker\'s host; development only, logs a warning at start).',
  },
  {
    name: 'GATEHOUSE_LOCAL_JOB_USER',
    apps: DELIVERY,
    requiredBy: [],
    default: '65534:65534',
    description: '`uid:gid` that `local` Jobs run as when the worker runs as root (never root itself); default `nobody:nogroup`.',
  },
];

/** The README's configuration table, in Markdown. */
export function configurationTableMarkdown(variables: readonly ConfigVariable[] = CONFIG_VARIABLES): string {
  const rows = variables.map((variable) => {
    const apps = variable.apps.length === ALL.length ? 'all' : variable.apps.map((app) => (app === 'gatehouse' ? 'all-in-one' : app)).join(', ');
    const fallback = variable.default ?? (variable.requiredBy.length > 0 ? 'required' : '');
    return `| \`${variable.name}\` | ${apps} | ${fallback} | ${variable.description} |`;
  });
  return ['| Variable | Used by | Default | Description |', '|---|---|---|---|', ...rows].join('\n');
}
