import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import type { IRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { CONFIG_MAP_NAME, GATEHOUSE_SERVICES, SECRET_VARIABLES, variablesReadBy } from './gatehouse-manifest-facts';
import { literalEnvValue, objectsOfKind, podLabels, selectorMatches } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// Who may reach and do what: secrets only by reference, only auth reaches token-exchange,
// and only the delivery worker may manage Jobs, through its own ServiceAccount.

const JOB_LAUNCHER_RULES: ReadonlyArray<{ apiGroup: string; resource: string; verbs: string[] }> = [
  { apiGroup: 'batch', resource: 'jobs', verbs: ['create', 'get', 'list', 'watch', 'delete'] },
  { apiGroup: '', resource: 'pods', verbs: ['get', 'list'] },
  { apiGroup: '', resource: 'pods/log', verbs: ['get'] },
];

function checkSecretsAndConfig(objects: readonly KubernetesObject[]): string[] {
  const problems = objects
    .filter((object) => object.kind === 'Secret')
    .map((secret) => `${describeObject(secret)}: secret values must not be part of the manifests; reference the Secret instead`);
  const configMap = objectsOfKind<IConfigMap>(objects, 'ConfigMap').find((c) => c.metadata.name === CONFIG_MAP_NAME);
  if (!configMap) return [...problems, `ConfigMap/${CONFIG_MAP_NAME}: missing`];
  // Every service takes the whole ConfigMap, so each key must be read by at least one of them.
  const readByAService = new Set(GATEHOUSE_SERVICES.flatMap((service) => [...variablesReadBy(service.name)]));
  for (const key of Object.keys({ ...configMap.data, ...configMap.binaryData })) {
    if (SECRET_VARIABLES.has(key)) problems.push(`${describeObject(configMap)}: ${key} is a secret and belongs in the Secret`);
    else if (!readByAService.has(key)) problems.push(`${describeObject(configMap)}: ${key} is not read by any Gatehouse service`);
  }
  return problems;
}

function deploymentNamed(objects: readonly KubernetesObject[], name: string): (IDeployment & KubernetesObject) | undefined {
  return objectsOfKind<IDeployment>(objects, 'Deployment').find((d) => d.metadata.name === name);
}

function checkTokenExchangeIsolation(objects: readonly KubernetesObject[]): string[] {
  const tokenExchange = deploymentNamed(objects, 'token-exchange');
  const auth = deploymentNamed(objects, 'auth');
  if (!tokenExchange || !auth) return [];
  const others = objectsOfKind<IDeployment>(objects, 'Deployment').filter((d) => d !== auth);
  const policies = objectsOfKind<INetworkPolicy>(objects, 'NetworkPolicy').filter(
    (policy) => selectorMatches(policy.spec?.podSelector, podLabels(tokenExchange)) && (policy.spec?.policyTypes ?? ['Ingress']).includes('Ingress'),
  );
  if (policies.length === 0) return ['NetworkPolicy: none restricts ingress to token-exchange'];
  const problems: string[] = [];
  for (const policy of policies) {
    const where = describeObject(policy);
    for (const rule of policy.spec?.ingress ?? []) {
      const peers = rule.from ?? [];
      if (peers.length === 0) problems.push(`${where}: an ingress rule without 'from' admits every source`);
      for (const peer of peers) {
        const admitsAuth = peer.podSelector !== undefined && selectorMatches(peer.podSelector, podLabels(auth));
        const admitsOthers = others.filter((d) => peer.podSelector !== undefined && selectorMatches(peer.podSelector, podLabels(d)));
        if (peer.ipBlock || peer.namespaceSelector || !admitsAuth) problems.push(`${where}: a peer admits sources other than auth's pods`);
        for (const other of admitsOthers) problems.push(`${where}: admits ${describeObject(other)}`);
      }
    }
  }
  return problems;
}

function roleGrants(role: IRole, apiGroup: string, resource: string, verb: string): boolean {
  return (role.rules ?? []).some(
    (rule) =>
      (rule.apiGroups ?? []).includes(apiGroup) && (rule.resources ?? []).includes(resource) && rule.verbs.includes(verb),
  );
}

function checkJobLauncherAccess(objects: readonly KubernetesObject[]): string[] {
  const worker = deploymentNamed(objects, 'delivery-worker');
  if (!worker) return [];
  const where = describeObject(worker);
  const [container] = worker.spec?.template.spec?.containers ?? [];
  const problems: string[] = [];
  if (!container || literalEnvValue(container, 'GATEHOUSE_JOB_LAUNCHER') !== 'kubernetes') {
    problems.push(`${where}: env GATEHOUSE_JOB_LAUNCHER must be "kubernetes"`);
  }
  const account = worker.spec?.template.spec?.serviceAccountName;
  if (!account || !objects.some((o) => o.kind === 'ServiceAccount' && o.metadata.name === account)) {
    return [...problems, `${where}: serviceAccountName '${String(account)}' is not a ServiceAccount here`];
  }
  const roles = objectsOfKind<IRoleBinding>(objects, 'RoleBinding')
    .filter((binding) => (binding.subjects ?? []).some((s) => s.kind === 'ServiceAccount' && s.name === account))
    .map((binding) => objectsOfKind<IRole>(objects, 'Role').find((r) => binding.roleRef.kind === 'Role' && r.metadata.name === binding.roleRef.name));
  for (const { apiGroup, resource, verbs } of JOB_LAUNCHER_RULES) {
    for (const verb of verbs) {
      if (!roles.some((role) => role && roleGrants(role, apiGroup, resource, verb))) {
        problems.push(`ServiceAccount/${account}: no Role bound to it grants ${verb} on ${apiGroup || 'core'}/${resource}`);
      }
    }
  }
  for (const other of objectsOfKind<IDeployment>(objects, 'Deployment').filter((d) => d !== worker)) {
    if (other.spec?.template.spec?.serviceAccountName === account) problems.push(`${describeObject(other)}: must not run as ${account}`);
  }
  return problems;
}

/** Problems of secrets handling, network isolation and RBAC; empty when all hold. */
export function checkAccessConventions(objects: readonly KubernetesObject[]): string[] {
  return [...checkSecretsAndConfig(objects), ...checkTokenExchangeIsolation(objects), ...checkJobLauncherAccess(objects)];
}
