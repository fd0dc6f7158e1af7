import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanControllerRoutes, type ControllerRoute } from './controller-routes';
import { GATEHOUSE_SERVICES, type GatehouseServiceName } from './gatehouse-manifest-facts';

// Which service answers which route, read from the controllers themselves, so the Ingress,
// the NetworkPolicies and the published Compose ports are checked against the code and not
// against a list that ages.

const EVERY_SERVICE = GATEHOUSE_SERVICES.map((service) => service.name);

/**
 * Where each service's controllers live: the feature modules `apps/<service>/src` mounts
 * (`*-service.module.ts`), and the platform's health and metrics, which `bootstrapService` gives
 * every service. `library` is the alias the app must import for the mapping to hold.
 */
export const CONTROLLER_SOURCES: ReadonlyArray<{
  directory: string;
  library: string;
  services: readonly GatehouseServiceName[];
}> = [
  { directory: 'libs/feature-auth/src', library: '@gatehouse/feature-auth', services: ['auth'] },
  {
    directory: 'libs/feature-token-exchange/src',
    library: '@gatehouse/feature-token-exchange',
    services: ['token-exchange'],
  },
  {
    directory: 'libs/feature-webhooks/src',
    library: '@gatehouse/feature-webhooks',
    services: ['webhook-management'],
  },
  // EventIngestionModule (POST /internal/events) is mounted by webhook-management, not the worker.
  {
    directory: 'libs/feature-delivery/src/ingestion',
    library: '@gatehouse/feature-delivery',
    services: ['webhook-management'],
  },
  {
    directory: 'libs/platform/src/health',
    library: '@gatehouse/platform',
    services: EVERY_SERVICE,
  },
  // OpenApiModule: every service with public routes describes them (docs/openapi.md).
  {
    directory: 'libs/platform/src/openapi',
    library: '@gatehouse/platform',
    services: ['auth', 'token-exchange', 'webhook-management'],
  },
  {
    directory: 'libs/platform/src/metrics',
    library: '@gatehouse/platform',
    services: EVERY_SERVICE,
  },
];

/** Libraries whose every controller must be placed by CONTROLLER_SOURCES or excluded below. */
export const CONTROLLER_LIBRARIES: readonly string[] = [
  'libs/feature-auth/src',
  'libs/identity/src',
  'libs/feature-token-exchange/src',
  'libs/feature-webhooks/src',
  'libs/feature-delivery/src',
  'libs/platform/src',
  'libs/mail/src',
];

/** Controllers no service mounts, and why. */
export const UNMOUNTED_CONTROLLER_DIRECTORIES: Readonly<Record<string, string>> = {
  'libs/platform/src/testing': "probe controllers of the platform's own tests",
  'libs/mail/src/mailbox':
    "the all-in-one's local mailbox page: MailModule mounts it only without an SMTP server on the all-in-one, never in a service",
};

/** `public`: reached through the Ingress; `internal`: service to service; `operations`: probes and scrapes. */
export type RouteExposure = 'public' | 'internal' | 'operations';

export interface GatehouseRoute extends ControllerRoute {
  readonly service: GatehouseServiceName;
  readonly exposure: RouteExposure;
}

export const INTERNAL_PATH_PREFIX = '/internal';
// A service's `/openapi.json` describes the routes of that service, so it is read from each
// service and not routed to one; the gateway answers the document of them all from its own copy
// of docs/openapi.json (tools/gateway/gateway-routes.ts).
const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/openapi.json']);

export function exposureOf(path: string): RouteExposure {
  if (path === INTERNAL_PATH_PREFIX || path.startsWith(`${INTERNAL_PATH_PREFIX}/`))
    return 'internal';
  return OPERATIONS_PATHS.has(path) ? 'operations' : 'public';
}

/** A request path the route answers: each `:parameter` becomes `example-parameter`. */
export function examplePath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, 'example-$1');
}

const isUnder = (file: string, directory: string): boolean => file.startsWith(`${directory}/`);

/** Every route each service serves; throws naming a controller that no service is known to mount. */
export function gatehouseRoutes(root: string): GatehouseRoute[] {
  const routes: GatehouseRoute[] = [];
  for (const route of CONTROLLER_LIBRARIES.flatMap((library) =>
    scanControllerRoutes(root, library),
  )) {
    if (
      Object.keys(UNMOUNTED_CONTROLLER_DIRECTORIES).some((directory) =>
        isUnder(route.file, directory),
      )
    )
      continue;
    const source = CONTROLLER_SOURCES.find((candidate) => isUnder(route.file, candidate.directory));
    if (!source) {
      throw new Error(
        `${route.file}: ${route.handler} (${route.method} ${route.path}) is mounted by no service CONTROLLER_SOURCES knows`,
      );
    }
    for (const service of source.services)
      routes.push({ ...route, service, exposure: exposureOf(route.path) });
  }
  return routes;
}

/** CONTROLLER_SOURCES entries whose service's app does not import the library they name. */
export function unimportedControllerSources(root: string): string[] {
  const problems: string[] = [];
  for (const { directory, library, services } of CONTROLLER_SOURCES) {
    for (const service of services) {
      const appDirectory = join(root, 'apps', service, 'src');
      const appSource = readdirSync(appDirectory)
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
        .map((file) => readFileSync(join(appDirectory, file), 'utf8'))
        .join('\n');
      if (!appSource.includes(`from '${library}'`))
        problems.push(
          `apps/${service} does not import ${library}, yet ${directory} is mapped to it`,
        );
    }
  }
  return problems;
}
