// What every deployment manifest of Gatehouse must agree with: the four services, their ports,
// and the configuration variables the apps read (issue 2, item 2; libs/config is the source of
// truth at run time, this list is what the manifests may set).

export interface GatehouseServiceFacts {
  readonly name: 'auth' | 'token-exchange' | 'webhook-management' | 'delivery-worker';
  readonly port: number;
  /** Reachable from outside the cluster (Ingress) or the Compose host (published port). */
  readonly isPublic: boolean;
  /** Scaled by a HorizontalPodAutoscaler in Kubernetes. */
  readonly isAutoscaled: boolean;
}

export const GATEHOUSE_SERVICES: readonly GatehouseServiceFacts[] = [
  { name: 'auth', port: 3000, isPublic: true, isAutoscaled: true },
  { name: 'token-exchange', port: 3001, isPublic: false, isAutoscaled: true },
  { name: 'webhook-management', port: 3002, isPublic: true, isAutoscaled: false },
  { name: 'delivery-worker', port: 3003, isPublic: false, isAutoscaled: true },
];

/** Values that must never be written into a manifest: Kubernetes reads them from a Secret. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'GATEHOUSE_ENCRYPTION_KEY',
  'GATEHOUSE_INTERNAL_TOKEN',
]);

export const CONFIGURATION_VARIABLES: ReadonlySet<string> = new Set([
  'PORT',
  'GATEHOUSE_PUBLIC_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'KAFKA_BROKERS',
  'GATEHOUSE_SEED',
  'GATEHOUSE_ENCRYPTION_KEY',
  'GATEHOUSE_INTERNAL_TOKEN',
  'GATEHOUSE_ALLOW_LOOPBACK_TARGETS',
  'GATEHOUSE_SHUTDOWN_GRACE_MS',
  'GATEHOUSE_TOKEN_EXCHANGE_URL',
  'GATEHOUSE_JOB_LAUNCHER',
  'LOG_LEVEL',
]);

/** The drain budget a service gets after SIGTERM when GATEHOUSE_SHUTDOWN_GRACE_MS is unset. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

export const SECRET_NAME = 'gatehouse-secrets';
export const CONFIG_MAP_NAME = 'gatehouse-config';

export function serviceEntrypoint(app: string): string {
  return `dist/apps/${app}/src/main.js`;
}
