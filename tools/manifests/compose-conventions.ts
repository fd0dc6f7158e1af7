import {
  CONFIGURATION_VARIABLES,
  DEFAULT_SHUTDOWN_GRACE_MS,
  GATEHOUSE_SERVICES,
  imageName,
  serviceEntrypoint,
  serviceImage,
  variablesReadBy,
  variablesRequiredBy,
} from './gatehouse-manifest-facts';

// What docker-compose.yml must do beyond being a valid Compose file: the four services on their
// ports with readiness healthchecks, started only after the one-shot migration and healthy
// stores, publishing only the public ports, with secrets interpolated and never written down,
// each process in the image of its own.

interface ComposeService {
  image?: string;
  build?: string | { context?: string; args?: Record<string, string> | string[] };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: Array<string | number | { target?: number; published?: string | number }>;
  healthcheck?: { test?: string | string[] };
  depends_on?: string[] | Record<string, { condition?: string }>;
  profiles?: string[];
  restart?: string;
  stop_grace_period?: string;
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}

interface ComposeFile {
  services?: Record<string, ComposeService>;
}

const STORES: Record<string, string> = {
  postgres: 'postgres:16',
  redis: 'redis:7',
  kafka: 'apache/kafka:',
};
const INTERPOLATED_SECRETS = ['GATEHOUSE_ENCRYPTION_KEY', 'GATEHOUSE_INTERNAL_TOKEN'];
const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function environmentOf(service: ComposeService): Record<string, string> {
  const { environment } = service;
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => [entry.split('=')[0], entry.slice(entry.indexOf('=') + 1)]),
    );
  }
  return Object.fromEntries(
    Object.entries(environment ?? {}).map(([key, value]) => [key, String(value ?? '')]),
  );
}

function commandOf(service: ComposeService): string[] {
  return typeof service.command === 'string'
    ? service.command.split(/\s+/)
    : (service.command ?? []);
}

function durationMs(duration: string | undefined): number {
  if (!duration) return 10_000; // Compose's default stop grace period
  return [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)].reduce(
    (total, [, amount, unit]) => total + Number(amount) * DURATION_UNITS_MS[unit],
    0,
  );
}

function containerPorts(service: ComposeService): string[] {
  return (service.ports ?? []).map((port) =>
    typeof port === 'object'
      ? String(port.target)
      : (String(port).split(':').pop()?.split('/')[0] ?? ''),
  );
}

function dependencyCondition(service: ComposeService, dependency: string): string | undefined {
  const dependsOn = service.depends_on;
  if (Array.isArray(dependsOn))
    return dependsOn.includes(dependency) ? 'service_started' : undefined;
  return dependsOn?.[dependency]
    ? (dependsOn[dependency].condition ?? 'service_started')
    : undefined;
}

function isGatehouseProcess(service: ComposeService): boolean {
  return commandOf(service)[0] === 'node' && (commandOf(service)[1] ?? '').startsWith('dist/apps/');
}

function buildArgument(service: ComposeService, name: string): string | undefined {
  if (typeof service.build !== 'object') return undefined;
  const { args } = service.build;
  if (Array.isArray(args))
    return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
  return args?.[name];
}

/**
 * A Gatehouse process runs the image of its own main file, built from the Dockerfile with that
 * SERVICE: the image holds that process's code and packages alone.
 */
function checkImage(name: string, service: ComposeService): string[] {
  const app = /^dist\/apps\/([^/]+)\/src\/main\.js$/.exec(commandOf(service)[1] ?? '')?.[1];
  if (!app) return [];
  const problems: string[] = [];
  if (imageName(service.image ?? '') !== serviceImage(app))
    problems.push(
      `services.${name}: image must be ${serviceImage(app)}:<tag>, the image of ${app}`,
    );
  if (buildArgument(service, 'SERVICE') !== app)
    problems.push(`services.${name}: must build the Dockerfile with args SERVICE: ${app}`);
  return problems;
}

function checkEnvironment(name: string, service: ComposeService): string[] {
  const environment = environmentOf(service);
  const problems = Object.keys(environment)
    .filter((key) => !CONFIGURATION_VARIABLES.has(key))
    .map((key) => `services.${name}: environment ${key} is not a Gatehouse configuration variable`);
  for (const secret of INTERPOLATED_SECRETS) {
    const value = environment[secret];
    if (value !== undefined && !new RegExp(`^\\$\\{${secret}:\\?[^}]*\\}$`).test(value)) {
      problems.push(
        `services.${name}: ${secret} must be the required interpolation \${${secret}:?...}, not a value`,
      );
    }
  }
  for (const [key, value] of Object.entries(environment)) {
    const password = /^[a-z]+:\/\/[^:/@]*:([^@]*)@/.exec(value)?.[1];
    if (password !== undefined && !password.startsWith('${')) {
      problems.push(
        `services.${name}: ${key} writes a password; interpolate it from the environment`,
      );
    }
  }
  return problems;
}

function checkService(
  services: Record<string, ComposeService>,
  facts: (typeof GATEHOUSE_SERVICES)[number],
): string[] {
  const where = `services.${facts.name}`;
  const service = services[facts.name];
  if (!service) return [`${where}: missing`];
  const problems: string[] = [];
  if (
    JSON.stringify(commandOf(service)) !== JSON.stringify(['node', serviceEntrypoint(facts.name)])
  ) {
    problems.push(`${where}: command must be node ${serviceEntrypoint(facts.name)}`);
  }
  const environment = environmentOf(service);
  if (environment.PORT !== String(facts.port))
    problems.push(`${where}: PORT must be ${facts.port}`);
  const readable = variablesReadBy(facts.name);
  for (const key of Object.keys(environment)) {
    if (CONFIGURATION_VARIABLES.has(key) && !readable.has(key))
      problems.push(`${where}: ${key} is not read by ${facts.name}`);
  }
  for (const key of variablesRequiredBy(facts.name)) {
    if (!(key in environment))
      problems.push(`${where}: ${facts.name} requires ${key}, which is not set`);
  }
  const test = ([] as string[]).concat(service.healthcheck?.test ?? []).join(' ');
  if (!test.includes(`http://127.0.0.1:${facts.port}/readyz`)) {
    problems.push(`${where}: healthcheck must probe http://127.0.0.1:${facts.port}/readyz`);
  }
  if (dependencyCondition(service, 'migrate') !== 'service_completed_successfully') {
    problems.push(`${where}: must depend on migrate with condition service_completed_successfully`);
  }
  for (const store of Object.keys(STORES)) {
    if (dependencyCondition(service, store) !== 'service_healthy') {
      problems.push(`${where}: must depend on ${store} with condition service_healthy`);
    }
  }
  if (containerPorts(service).length > 0)
    problems.push(`${where}: must publish no port (the gateway is the one public address)`);
  if (durationMs(service.stop_grace_period) <= DEFAULT_SHUTDOWN_GRACE_MS) {
    problems.push(
      `${where}: stop_grace_period must exceed the ${DEFAULT_SHUTDOWN_GRACE_MS} ms drain`,
    );
  }
  return problems;
}

function checkOneShotSteps(services: Record<string, ComposeService>): string[] {
  const problems: string[] = [];
  const migrate = services.migrate;
  if (!migrate) problems.push('services.migrate: missing');
  else {
    if (
      JSON.stringify(commandOf(migrate).slice(1)) !==
      JSON.stringify([serviceEntrypoint('cli'), 'admin', 'migrate'])
    ) {
      problems.push(
        `services.migrate: command must be node ${serviceEntrypoint('cli')} admin migrate`,
      );
    }
    if (migrate.restart !== 'no')
      problems.push('services.migrate: restart must be "no" (it runs once)');
    if (dependencyCondition(migrate, 'postgres') !== 'service_healthy') {
      problems.push('services.migrate: must depend on postgres with condition service_healthy');
    }
  }
  for (const [name, service] of Object.entries(services)) {
    if (name !== 'migrate' && commandOf(service).includes('migrate'))
      problems.push(`services.${name}: only migrate may migrate`);
  }
  const seed = services.seed;
  if (seed && !(seed.profiles ?? []).includes('seed'))
    problems.push('services.seed: must run only in the seed profile');
  return problems;
}

function checkStores(services: Record<string, ComposeService>): string[] {
  const problems: string[] = [];
  for (const [name, imagePrefix] of Object.entries(STORES)) {
    const service = services[name];
    if (!service?.image?.startsWith(imagePrefix))
      problems.push(`services.${name}: must use image ${imagePrefix}*`);
    if (service && !service.healthcheck?.test)
      problems.push(`services.${name}: needs a healthcheck`);
  }
  const kafka = environmentOf(services.kafka ?? {});
  if (
    !(kafka.KAFKA_PROCESS_ROLES ?? '').split(',').includes('controller') ||
    'KAFKA_ZOOKEEPER_CONNECT' in kafka
  ) {
    problems.push(
      'services.kafka: must run in KRaft mode (KAFKA_PROCESS_ROLES with controller, no ZooKeeper)',
    );
  }
  return problems;
}

export const GATEWAY_PORT = '8080';

/** The one public address: nginx on 8080 with the generated routes, after the services it routes to. */
function checkGateway(services: Record<string, ComposeService>): string[] {
  const gateway = services.gateway;
  if (!gateway) return ['services.gateway: missing (the one public address)'];
  const problems: string[] = [];
  if (!gateway.image?.startsWith('nginx:'))
    problems.push('services.gateway: must use image nginx:*');
  if (JSON.stringify(containerPorts(gateway)) !== JSON.stringify([GATEWAY_PORT]))
    problems.push(`services.gateway: must publish exactly port ${GATEWAY_PORT}`);
  const volumes = ((gateway as { volumes?: unknown[] }).volumes ?? []).map(String);
  if (!volumes.some((volume) => volume.startsWith('./deploy/gateway/routes.conf:'))) {
    problems.push(
      'services.gateway: must mount the generated routes, ./deploy/gateway/routes.conf',
    );
  }
  if (!volumes.includes('./docs/openapi.json:/etc/nginx/gatehouse/openapi.json:ro')) {
    problems.push(
      'services.gateway: must mount ./docs/openapi.json as /etc/nginx/gatehouse/openapi.json, the document it serves',
    );
  }
  // The services believe X-Forwarded-For from the gateway alone (docs/operations.md "Network"):
  // it needs an address of its own to be named by.
  const address = Array.isArray(gateway.networks)
    ? undefined
    : gateway.networks?.default?.ipv4_address;
  if (!address)
    problems.push(
      'services.gateway: needs a fixed ipv4_address on the default network, the one proxy the services trust',
    );
  for (const facts of GATEHOUSE_SERVICES.filter((service) => service.isPublic)) {
    if (dependencyCondition(gateway, facts.name) !== 'service_healthy')
      problems.push(
        `services.gateway: must depend on ${facts.name} with condition service_healthy`,
      );
    const trusted = environmentOf(services[facts.name] ?? {}).GATEHOUSE_TRUSTED_PROXIES;
    if (address && trusted !== address)
      problems.push(
        `services.${facts.name}: GATEHOUSE_TRUSTED_PROXIES must be the gateway's address, ${address}`,
      );
  }
  return problems;
}

/** Convention problems of a parsed docker-compose.yml; empty when all hold. */
export function checkComposeConventions(compose: unknown): string[] {
  const services = (compose as ComposeFile).services ?? {};
  const problems = [
    ...GATEHOUSE_SERVICES.flatMap((facts) => checkService(services, facts)),
    ...checkOneShotSteps(services),
    ...checkStores(services),
    ...checkGateway(services),
  ];
  for (const [name, service] of Object.entries(services)) {
    if (isGatehouseProcess(service))
      problems.push(...checkEnvironment(name, service), ...checkImage(name, service));
    if (
      (service.ports ?? []).length > 0 &&
      name !== 'gateway' &&
      !GATEHOUSE_SERVICES.some((facts) => facts.name === name)
    )
      problems.push(`services.${name}: must not publish ports`);
  }
  return problems;
}
