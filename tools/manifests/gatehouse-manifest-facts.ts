import { configVariables, type GatehouseApp } from '@gatehouse/config/testing';

// What every deployment manifest of Gatehouse must agree with: the four services and their
// ports, and the configuration variables the apps read, taken from @gatehouse/config so that a
// manifest cannot set a variable no app reads, nor miss one an app requires.

export type GatehouseServiceName = Exclude<GatehouseApp, 'gatehouse'>;

export interface GatehouseServiceFacts {
  readonly name: GatehouseServiceName;
  readonly port: number;
  /**
   * Serves public routes (gatehouse-routes.ts), so it is reachable from outside the cluster
   * (Ingress) and from the Compose host (published port). token-exchange is public for its
   * organization admin API (`/api/organizations`) only; `/internal` is never public.
   */
  readonly isPublic: boolean;
  /**
   * How Kubernetes scales it: on CPU (a HorizontalPodAutoscaler), on the Kafka consumer lag of
   * its group (a KEDA ScaledObject), or a replica count the manifests set.
   */
  readonly scaling: 'cpu' | 'kafka-lag' | 'fixed';
}

export const GATEHOUSE_SERVICES: readonly GatehouseServiceFacts[] = [
  { name: 'auth', port: 3000, isPublic: true, scaling: 'cpu' },
  { name: 'token-exchange', port: 3001, isPublic: true, scaling: 'cpu' },
  { name: 'webhook-management', port: 3002, isPublic: true, scaling: 'fixed' },
  { name: 'delivery-worker', port: 3003, isPublic: false, scaling: 'kafka-lag' },
];

/** Values that must never be written into a manifest: Kubernetes reads them from a Secret. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'GATEHOUSE_ENCRYPTION_KEY',
  'GATEHOUSE_INTERNAL_TOKEN',
  'GATEHOUSE_INTERNAL_TOKEN_ACCEPTED',
  'GATEHOUSE_KAFKA_PASSWORD',
]);

/**
 * A service's Kafka user, and its password: not in gatehouse-secrets but in the Secret named after
 * the user, key `password`, the shape of the Secret Strimzi's User Operator writes for a KafkaUser.
 */
export const KAFKA_USERNAME_VARIABLE = 'GATEHOUSE_KAFKA_USERNAME';
export const KAFKA_PASSWORD_VARIABLE = 'GATEHOUSE_KAFKA_PASSWORD';
export const KAFKA_PASSWORD_KEY = 'password';

export const CONFIGURATION_VARIABLES: ReadonlySet<string> = new Set(
  configVariables().map((variable) => variable.name),
);

export function variablesReadBy(app: GatehouseServiceName): ReadonlySet<string> {
  return new Set(
    configVariables()
      .filter((variable) => variable.apps.includes(app))
      .map((variable) => variable.name),
  );
}

export function variablesRequiredBy(app: GatehouseServiceName): string[] {
  return configVariables()
    .filter((variable) => variable.requiredBy.includes(app))
    .map((variable) => variable.name);
}

/** The drain budget a service gets after SIGTERM when GATEHOUSE_SHUTDOWN_GRACE_MS is unset. */
export const DEFAULT_SHUTDOWN_GRACE_MS = Number(
  configVariables().find((variable) => variable.name === 'GATEHOUSE_SHUTDOWN_GRACE_MS')?.default ??
    10_000,
);

export const SECRET_NAME = 'gatehouse-secrets';
export const CONFIG_MAP_NAME = 'gatehouse-config';

export function serviceEntrypoint(app: string): string {
  return `dist/apps/${app}/src/main.js`;
}

/**
 * The image the Dockerfile builds for `app` (`--build-arg SERVICE=<app>`), which holds that
 * process's code and packages alone: `cli` for the migration Job.
 */
export function serviceImage(app: string): string {
  return `gatehouse-${app}`;
}

/** An image reference without its registry, tag or digest: `r.example.com/gatehouse-auth:1` → `gatehouse-auth`. */
export function imageName(image: string): string {
  const withoutDigest = image.split('@')[0]!;
  const path = withoutDigest.slice(withoutDigest.lastIndexOf('/') + 1);
  return path.split(':')[0]!;
}

/** An image reference's tag, or '' without one. */
export function imageTag(image: string): string {
  const withoutDigest = image.split('@')[0]!;
  const path = withoutDigest.slice(withoutDigest.lastIndexOf('/') + 1);
  return path.includes(':') ? path.slice(path.indexOf(':') + 1) : '';
}
