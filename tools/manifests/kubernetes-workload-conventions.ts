import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import {
  CONFIG_MAP_NAME,
  CONFIGURATION_VARIABLES,
  DEFAULT_SHUTDOWN_GRACE_MS,
  GATEHOUSE_SERVICES,
  KAFKA_PASSWORD_KEY,
  KAFKA_PASSWORD_VARIABLE,
  KAFKA_USERNAME_VARIABLE,
  SECRET_NAME,
  SECRET_VARIABLES,
  imageName,
  serviceEntrypoint,
  serviceImage,
  variablesReadBy,
  variablesRequiredBy,
  type GatehouseServiceFacts,
} from './gatehouse-manifest-facts';
import {
  literalEnvValue,
  objectsOfKind,
  resolveContainerPort,
  selectorMatches,
} from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// What every Gatehouse workload must do: run the right entrypoint on the right port, answer
// its probes there, get configuration from gatehouse-config and secrets from gatehouse-secrets
// only by reference, run as non-root on a read-only root filesystem, and have time to drain.

interface SharedConfiguration {
  /** Keys of gatehouse-config, which Deployments take whole through envFrom. */
  keys: ReadonlySet<string>;
  shutdownGraceMs: number;
}

function sharedConfiguration(objects: readonly KubernetesObject[]): SharedConfiguration {
  const configMap = objectsOfKind<IConfigMap>(objects, 'ConfigMap').find(
    (c) => c.metadata.name === CONFIG_MAP_NAME,
  );
  const configured = Number(configMap?.data?.GATEHOUSE_SHUTDOWN_GRACE_MS);
  return {
    keys: new Set(Object.keys(configMap?.data ?? {})),
    shutdownGraceMs:
      Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_SHUTDOWN_GRACE_MS,
  };
}

/** Every variable the app requires is provided, and each one set explicitly is one it reads. */
function checkServiceVariables(
  where: string,
  container: IContainer,
  service: GatehouseServiceFacts,
  shared: SharedConfiguration,
): string[] {
  const explicit = (container.env ?? []).map((variable) => variable.name);
  const fromConfigMap = (container.envFrom ?? []).some(
    (source) => source.configMapRef?.name === CONFIG_MAP_NAME,
  );
  const provided = new Set([...explicit, ...(fromConfigMap ? shared.keys : [])]);
  const readable = variablesReadBy(service.name);
  return [
    ...explicit
      .filter((name) => CONFIGURATION_VARIABLES.has(name) && !readable.has(name))
      .map((name) => `${where}: env ${name} is not read by ${service.name}`),
    ...variablesRequiredBy(service.name)
      .filter((name) => !provided.has(name))
      .map((name) => `${where}: ${service.name} requires ${name}, which is not provided`),
  ];
}

/**
 * libuv's thread pool bounds the password hashes in flight (`libs/crypto/src/password-hash.ts`),
 * each holding scrypt's 8 MiB block: it follows the container's own CPU limit (docs/operations.md).
 */
const THREADPOOL_VARIABLE = 'UV_THREADPOOL_SIZE';

function checkThreadpool(
  where: string,
  container: IContainer,
  variable: NonNullable<IContainer['env']>[number],
): string[] {
  const field = variable.valueFrom?.resourceFieldRef;
  const ownLimit =
    field?.resource === 'limits.cpu' &&
    (field.containerName === undefined || field.containerName === container.name);
  return ownLimit
    ? []
    : [
        `${where}: env ${THREADPOOL_VARIABLE} must come from resourceFieldRef limits.cpu of its own container`,
      ];
}

function checkEnvironment(where: string, container: IContainer): string[] {
  const problems: string[] = [];
  for (const source of container.envFrom ?? []) {
    if (source.secretRef)
      problems.push(
        `${where}: takes a whole Secret through envFrom; reference each key with secretKeyRef`,
      );
    if (source.configMapRef && source.configMapRef.name !== CONFIG_MAP_NAME) {
      problems.push(
        `${where}: envFrom ConfigMap '${source.configMapRef.name}' is not ${CONFIG_MAP_NAME}`,
      );
    }
  }
  for (const variable of container.env ?? []) {
    const name = variable.name;
    if (name === THREADPOOL_VARIABLE) {
      problems.push(...checkThreadpool(where, container, variable));
      continue;
    }
    if (!CONFIGURATION_VARIABLES.has(name))
      problems.push(`${where}: env ${name} is not a Gatehouse configuration variable`);
    const secretRef = variable.valueFrom?.secretKeyRef;
    const configMapRef = variable.valueFrom?.configMapKeyRef;
    if (SECRET_VARIABLES.has(name) && !secretRef) {
      problems.push(
        `${where}: env ${name} is a secret and must come from secretKeyRef ${SECRET_NAME}`,
      );
    }
    if (secretRef && name === KAFKA_PASSWORD_VARIABLE) {
      const username = literalEnvValue(container, KAFKA_USERNAME_VARIABLE);
      if (!username || secretRef.name !== username || secretRef.key !== KAFKA_PASSWORD_KEY) {
        problems.push(
          `${where}: env ${name} must reference key ${KAFKA_PASSWORD_KEY} of the Secret named by ${KAFKA_USERNAME_VARIABLE} (${String(username)})`,
        );
      }
    } else if (secretRef && (secretRef.name !== SECRET_NAME || secretRef.key !== name)) {
      problems.push(`${where}: env ${name} must reference key ${name} of Secret ${SECRET_NAME}`);
    }
    if (configMapRef && configMapRef.name !== CONFIG_MAP_NAME) {
      problems.push(
        `${where}: env ${name} references ConfigMap '${configMapRef.name}', not ${CONFIG_MAP_NAME}`,
      );
    }
  }
  return problems;
}

function checkHardening(where: string, pod: IPodSpec, container: IContainer): string[] {
  const problems: string[] = [];
  if (
    pod.securityContext?.runAsNonRoot !== true &&
    container.securityContext?.runAsNonRoot !== true
  ) {
    problems.push(`${where}: must set securityContext.runAsNonRoot: true`);
  }
  if (container.securityContext?.readOnlyRootFilesystem !== true) {
    problems.push(`${where}: must set securityContext.readOnlyRootFilesystem: true`);
  }
  if (container.securityContext?.allowPrivilegeEscalation !== false) {
    problems.push(`${where}: must set securityContext.allowPrivilegeEscalation: false`);
  }
  const { requests, limits } = container.resources ?? {};
  for (const [kind, values] of [
    ['requests', requests],
    ['limits', limits],
  ] as const) {
    for (const resource of ['cpu', 'memory']) {
      if (values?.[resource] === undefined)
        problems.push(`${where}: resources.${kind}.${resource} is not set`);
    }
  }
  return problems;
}

function checkProbe(
  where: string,
  container: IContainer,
  name: string,
  probe: IProbe | undefined,
  path: string,
  port: number,
): string[] {
  if (!probe?.httpGet) return [`${where}: ${name} must be an httpGet probe on ${path}`];
  const problems: string[] = [];
  if (probe.httpGet.path !== path)
    problems.push(`${where}: ${name} path is ${String(probe.httpGet.path)}, expected ${path}`);
  const resolved = resolveContainerPort(container, probe.httpGet.port);
  if (resolved !== port)
    problems.push(
      `${where}: ${name} port ${String(probe.httpGet.port)} is not container port ${port}`,
    );
  return problems;
}

function preStopSleepMs(container: IContainer): number {
  const command = container.lifecycle?.preStop?.exec?.command ?? [];
  return command[0] === 'sleep' ? Number(command[1] ?? 0) * 1000 : 0;
}

/** Each process runs its own image, the one that holds its code and packages (the Dockerfile's SERVICE). */
function checkImage(where: string, container: IContainer, app: string): string[] {
  const expected = serviceImage(app);
  return imageName(container.image ?? '') === expected
    ? []
    : [
        `${where}: image must be ${expected}, the image of ${app} alone, not ${container.image ?? 'none'}`,
      ];
}

function checkDeployment(
  deployment: IDeployment & KubernetesObject,
  service: GatehouseServiceFacts,
  shared: SharedConfiguration,
): string[] {
  const where = describeObject(deployment);
  const pod = deployment.spec?.template.spec;
  if (!pod) return [`${where}: has no pod template`];
  if (pod.containers.length !== 1)
    return [`${where}: expected exactly one container, found ${pod.containers.length}`];
  const [container] = pod.containers;
  const problems = [
    ...checkEnvironment(where, container),
    ...checkServiceVariables(where, container, service, shared),
    ...checkHardening(where, pod, container),
  ];
  if (container.name !== service.name)
    problems.push(`${where}: container is named '${container.name}', expected '${service.name}'`);
  const expectedCommand = ['node', serviceEntrypoint(service.name)];
  if (JSON.stringify(container.command) !== JSON.stringify(expectedCommand)) {
    problems.push(`${where}: command must be ${expectedCommand.join(' ')}`);
  }
  problems.push(...checkImage(where, container, service.name));
  if (resolveContainerPort(container, 'http') !== service.port) {
    problems.push(`${where}: container port 'http' must be ${service.port}`);
  }
  if (literalEnvValue(container, 'PORT') !== String(service.port))
    problems.push(`${where}: env PORT must be "${service.port}"`);
  problems.push(
    ...checkProbe(
      where,
      container,
      'livenessProbe',
      container.livenessProbe,
      '/healthz',
      service.port,
    ),
  );
  problems.push(
    ...checkProbe(
      where,
      container,
      'readinessProbe',
      container.readinessProbe,
      '/readyz',
      service.port,
    ),
  );
  if (container.startupProbe) {
    problems.push(
      ...checkProbe(
        where,
        container,
        'startupProbe',
        container.startupProbe,
        '/healthz',
        service.port,
      ),
    );
  }
  const budgetMs = (pod.terminationGracePeriodSeconds ?? 30) * 1000;
  if (budgetMs <= shared.shutdownGraceMs + preStopSleepMs(container)) {
    problems.push(
      `${where}: terminationGracePeriodSeconds must exceed the ${shared.shutdownGraceMs} ms drain plus the preStop sleep`,
    );
  }
  if (!selectorMatches(deployment.spec?.selector, deployment.spec?.template.metadata?.labels)) {
    problems.push(`${where}: spec.selector does not select its own pod template`);
  }
  return problems;
}

function checkMigrationJob(job: IJob & KubernetesObject): string[] {
  const where = describeObject(job);
  const pod = job.spec?.template.spec;
  if (!pod || pod.containers.length !== 1) return [`${where}: expected exactly one container`];
  const [container] = pod.containers;
  const problems = [
    ...checkEnvironment(where, container),
    ...checkHardening(where, pod, container),
  ];
  const expectedCommand = ['node', serviceEntrypoint('cli'), 'admin', 'migrate'];
  if (JSON.stringify(container.command) !== JSON.stringify(expectedCommand)) {
    problems.push(`${where}: command must be ${expectedCommand.join(' ')}`);
  }
  problems.push(...checkImage(where, container, 'cli'));
  if (pod.restartPolicy !== 'Never' && pod.restartPolicy !== 'OnFailure') {
    problems.push(`${where}: restartPolicy must be Never or OnFailure`);
  }
  if (job.spec?.ttlSecondsAfterFinished === undefined) {
    problems.push(
      `${where}: set ttlSecondsAfterFinished, so finished Jobs of past releases go away`,
    );
  }
  return problems;
}

/** Convention problems of the migration Job of a release (k8s/migrate); empty when all hold. */
export function checkMigrationConventions(objects: readonly KubernetesObject[]): string[] {
  const jobs = objectsOfKind<IJob>(objects, 'Job');
  if (jobs.length !== 1 || objects.length !== 1)
    return [
      `Job: expected the migration Job alone, found ${objects.map(describeObject).join(', ') || 'nothing'}`,
    ];
  return checkMigrationJob(jobs[0]);
}

/** Convention problems of the Deployments; empty when all hold. */
export function checkWorkloadConventions(objects: readonly KubernetesObject[]): string[] {
  const shared = sharedConfiguration(objects);
  const deployments = objectsOfKind<IDeployment>(objects, 'Deployment');
  const problems = deployments.flatMap((deployment) => {
    const service = GATEHOUSE_SERVICES.find(
      (candidate) => candidate.name === deployment.metadata.name,
    );
    return service
      ? checkDeployment(deployment, service, shared)
      : [`${describeObject(deployment)}: is not one of the Gatehouse services`];
  });
  for (const service of GATEHOUSE_SERVICES) {
    if (!deployments.some((deployment) => deployment.metadata.name === service.name)) {
      problems.push(`Deployment/${service.name}: missing`);
    }
  }
  for (const job of objectsOfKind<IJob>(objects, 'Job')) {
    problems.push(
      `${describeObject(job)}: the migration runs from k8s/migrate, applied before the services, not beside them`,
    );
  }
  return problems;
}
