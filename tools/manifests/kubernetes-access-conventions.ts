import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import type { IRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import {
  CONFIG_MAP_NAME,
  GATEHOUSE_SERVICES,
  SECRET_VARIABLES,
  variablesReadBy,
} from './gatehouse-manifest-facts';
import { checkDeliveryWorkerEgress } from './delivery-worker-egress-conventions';
import type { KubernetesPermission } from './job-launcher-permissions';
import { literalEnvValue, objectsOfKind } from './kubernetes-lookup';
import { checkNetworkConventions } from './kubernetes-network-conventions';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// Who may reach and do what: secrets only by reference; each service reachable only by its
// expected callers (kubernetes-network-conventions.ts), the delivery worker reaching out only
// where it must (delivery-worker-egress-conventions.ts); only the delivery worker may touch the
// Kubernetes API, with exactly what its Job launcher calls, and only in the Job namespace
// (webhook-jobs-conventions.ts holds that namespace to the rest).

function checkSecretsAndConfig(objects: readonly KubernetesObject[]): string[] {
  const problems = objects
    .filter((object) => object.kind === 'Secret')
    .map(
      (secret) =>
        `${describeObject(secret)}: secret values must not be part of the manifests; reference the Secret instead`,
    );
  const configMap = objectsOfKind<IConfigMap>(objects, 'ConfigMap').find(
    (c) => c.metadata.name === CONFIG_MAP_NAME,
  );
  if (!configMap) return [...problems, `ConfigMap/${CONFIG_MAP_NAME}: missing`];
  // Every service takes the whole ConfigMap, so each key must be read by at least one of them.
  const readByAService = new Set(
    GATEHOUSE_SERVICES.flatMap((service) => [...variablesReadBy(service.name)]),
  );
  for (const key of Object.keys({ ...configMap.data, ...configMap.binaryData })) {
    if (SECRET_VARIABLES.has(key))
      problems.push(`${describeObject(configMap)}: ${key} is a secret and belongs in the Secret`);
    else if (!readByAService.has(key))
      problems.push(`${describeObject(configMap)}: ${key} is not read by any Gatehouse service`);
  }
  return problems;
}

function deploymentNamed(
  objects: readonly KubernetesObject[],
  name: string,
): (IDeployment & KubernetesObject) | undefined {
  return objectsOfKind<IDeployment>(objects, 'Deployment').find((d) => d.metadata.name === name);
}

function roleGrants(role: IRole, { apiGroup, resource, verb }: KubernetesPermission): boolean {
  return (role.rules ?? []).some(
    (rule) =>
      (rule.apiGroups ?? []).includes(apiGroup) &&
      (rule.resources ?? []).includes(resource) &&
      rule.verbs.includes(verb),
  );
}

/** Grants beyond `needed`; a wildcard is never needed. */
function excessGrants(
  role: IRole & KubernetesObject,
  needed: readonly KubernetesPermission[],
): string[] {
  const problems: string[] = [];
  for (const rule of role.rules ?? []) {
    if ((rule.nonResourceURLs ?? []).length > 0)
      problems.push(
        `${describeObject(role)}: grants non-resource URLs, which the Job launcher does not use`,
      );
    for (const apiGroup of rule.apiGroups ?? []) {
      for (const resource of rule.resources ?? []) {
        for (const verb of rule.verbs) {
          const isNeeded = needed.some(
            (p) => p.apiGroup === apiGroup && p.resource === resource && p.verb === verb,
          );
          if (!isNeeded)
            problems.push(
              `${describeObject(role)}: grants ${verb} on ${apiGroup || 'core'}/${resource}, which the Job launcher does not use`,
            );
        }
      }
    }
  }
  return problems;
}

/**
 * The worker's account: in `services`, bound to nothing; in `jobs` (the Job namespace), bound to a
 * Role granting exactly `needed`. No other Deployment runs as it.
 */
function checkJobLauncherAccess(
  services: readonly KubernetesObject[],
  jobs: readonly KubernetesObject[],
  needed: readonly KubernetesPermission[],
): string[] {
  const worker = deploymentNamed(services, 'delivery-worker');
  if (!worker) return [];
  const where = describeObject(worker);
  const [container] = worker.spec?.template.spec?.containers ?? [];
  const problems: string[] = [];
  if (!container || literalEnvValue(container, 'GATEHOUSE_JOB_LAUNCHER') !== 'kubernetes') {
    problems.push(`${where}: env GATEHOUSE_JOB_LAUNCHER must be "kubernetes"`);
  }
  const account = worker.spec?.template.spec?.serviceAccountName;
  if (
    !account ||
    !services.some((o) => o.kind === 'ServiceAccount' && o.metadata.name === account)
  ) {
    return [
      ...problems,
      `${where}: serviceAccountName '${String(account)}' is not a ServiceAccount here`,
    ];
  }
  const bindsWorker = (binding: IRoleBinding) =>
    (binding.subjects ?? []).some((s) => s.kind === 'ServiceAccount' && s.name === account);
  for (const binding of [
    ...objectsOfKind<IRoleBinding>(services, 'RoleBinding'),
    ...objectsOfKind<IRoleBinding>(services, 'ClusterRoleBinding'),
  ].filter(bindsWorker)) {
    problems.push(
      `${describeObject(binding)}: grants ServiceAccount/${account} something beside the services; bind its Role in the Job namespace only`,
    );
  }
  const servicesNamespace = worker.metadata.namespace;
  const roles = objectsOfKind<IRoleBinding>(jobs, 'RoleBinding')
    .filter(bindsWorker)
    .map((binding) => {
      const subject = (binding.subjects ?? []).find(
        (s) => s.kind === 'ServiceAccount' && s.name === account,
      )!;
      if (servicesNamespace !== undefined && subject.namespace !== servicesNamespace) {
        problems.push(
          `${describeObject(binding)}: binds ServiceAccount/${account} of namespace '${String(subject.namespace)}', not the services' '${servicesNamespace}'`,
        );
      }
      return objectsOfKind<IRole>(jobs, 'Role').find(
        (r) => binding.roleRef.kind === 'Role' && r.metadata.name === binding.roleRef.name,
      );
    });
  for (const permission of needed) {
    if (!roles.some((role) => role && roleGrants(role, permission))) {
      const { verb, apiGroup, resource } = permission;
      problems.push(
        `ServiceAccount/${account}: no Role bound to it grants ${verb} on ${apiGroup || 'core'}/${resource}`,
      );
    }
  }
  for (const role of roles) if (role) problems.push(...excessGrants(role, needed));
  for (const other of objectsOfKind<IDeployment>(services, 'Deployment').filter(
    (d) => d !== worker,
  )) {
    if (other.spec?.template.spec?.serviceAccountName === account)
      problems.push(`${describeObject(other)}: must not run as ${account}`);
  }
  return problems;
}

/**
 * Problems of secrets handling, network isolation and RBAC; empty when all hold. `jobs`: the
 * rendering of the Job namespace beside the services; `jobLauncher`: the permissions the delivery
 * worker's Job launcher uses (job-launcher-permissions.ts).
 */
export function checkAccessConventions(
  services: readonly KubernetesObject[],
  jobs: readonly KubernetesObject[],
  jobLauncher: readonly KubernetesPermission[],
): string[] {
  return [
    ...checkSecretsAndConfig(services),
    ...checkNetworkConventions(services),
    ...checkDeliveryWorkerEgress(services),
    ...checkJobLauncherAccess(services, jobs, jobLauncher),
  ];
}
