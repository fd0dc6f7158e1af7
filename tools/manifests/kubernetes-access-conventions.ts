import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyIngressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyIngressRule';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { ILabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import type { IRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import type { IRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { CONFIG_MAP_NAME, GATEHOUSE_SERVICES, SECRET_VARIABLES, variablesReadBy } from './gatehouse-manifest-facts';
import type { KubernetesPermission } from './job-launcher-permissions';
import { literalEnvValue, objectsOfKind, podLabels, selectorMatches } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// Who may reach and do what: secrets only by reference; token-exchange reachable only by its
// known callers (auth, the ingress controller, the platform services asking /internal/authorize);
// only the delivery worker may touch the Kubernetes API, with exactly what its Job launcher calls.

/** Who must reach token-exchange, and the NetworkPolicy that admits each (k8s/base/network-policy.yaml). */
export const TOKEN_EXCHANGE_CALLERS: ReadonlyArray<{ policy: string; caller: string; purpose: string; fromNamespace: 'own' | 'other' }> = [
  { policy: 'token-exchange-from-auth', caller: 'auth', purpose: 'POST /internal/token-exchange', fromNamespace: 'own' },
  { policy: 'token-exchange-from-ingress-controller', caller: 'the ingress controller', purpose: '/api/organizations', fromNamespace: 'other' },
  { policy: 'token-exchange-from-access-policy-clients', caller: 'the platform services', purpose: 'POST /internal/authorize', fromNamespace: 'other' },
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

const isEmptySelector = (selector: ILabelSelector): boolean =>
  Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0;

function admitsPort(rule: INetworkPolicyIngressRule, port: number): boolean {
  const ports = rule.ports ?? [];
  return ports.length === 0 || ports.some((p) => (p.protocol ?? 'TCP') === 'TCP' && (p.port === port || p.port === 'http'));
}

function checkPeer(where: string, peer: INetworkPolicyPeer, auth: IDeployment, others: readonly (IDeployment & KubernetesObject)[]): string[] {
  if (peer.ipBlock) return [`${where}: a peer admits an IP block; name callers by namespace and pod labels`];
  if (!peer.podSelector || isEmptySelector(peer.podSelector)) {
    return [`${where}: a peer admits every pod of the namespace${peer.namespaceSelector ? 's it selects' : ''}`];
  }
  const problems: string[] = [];
  if (peer.namespaceSelector && isEmptySelector(peer.namespaceSelector)) problems.push(`${where}: a peer admits its pods from every namespace`);
  if (!peer.namespaceSelector && !selectorMatches(peer.podSelector, podLabels(auth))) {
    problems.push(`${where}: a peer in its own namespace admits sources other than auth's pods`);
  }
  for (const other of others.filter((d) => selectorMatches(peer.podSelector, podLabels(d)))) {
    problems.push(`${where}: admits ${describeObject(other)}`);
  }
  return problems;
}

function checkCallerAdmitted(
  policies: readonly (INetworkPolicy & KubernetesObject)[],
  caller: (typeof TOKEN_EXCHANGE_CALLERS)[number],
  auth: IDeployment,
  port: number,
): string[] {
  const policy = policies.find((candidate) => candidate.metadata.name === caller.policy);
  if (!policy) return [`NetworkPolicy/${caller.policy}: missing; ${caller.caller} must reach token-exchange for ${caller.purpose}`];
  const admitted = (policy.spec?.ingress ?? []).some(
    (rule) =>
      admitsPort(rule, port) &&
      (rule.from ?? []).some((peer) =>
        caller.fromNamespace === 'own'
          ? !peer.namespaceSelector && peer.podSelector !== undefined && selectorMatches(peer.podSelector, podLabels(auth))
          : peer.namespaceSelector !== undefined && peer.podSelector !== undefined,
      ),
  );
  if (admitted) return [];
  const whom = caller.fromNamespace === 'own' ? `${caller.caller}'s pods` : 'selected pods of other namespaces';
  return [`${describeObject(policy)}: does not admit ${whom} on port ${port} (${caller.purpose})`];
}

function checkTokenExchangeIsolation(objects: readonly KubernetesObject[]): string[] {
  const tokenExchange = deploymentNamed(objects, 'token-exchange');
  const auth = deploymentNamed(objects, 'auth');
  if (!tokenExchange || !auth) return [];
  const port = GATEHOUSE_SERVICES.find((service) => service.name === 'token-exchange')!.port;
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
      for (const peer of peers) problems.push(...checkPeer(where, peer, auth, others));
    }
  }
  for (const caller of TOKEN_EXCHANGE_CALLERS) problems.push(...checkCallerAdmitted(policies, caller, auth, port));
  return problems;
}

function roleGrants(role: IRole, { apiGroup, resource, verb }: KubernetesPermission): boolean {
  return (role.rules ?? []).some(
    (rule) =>
      (rule.apiGroups ?? []).includes(apiGroup) && (rule.resources ?? []).includes(resource) && rule.verbs.includes(verb),
  );
}

/** Grants beyond `needed`; a wildcard is never needed. */
function excessGrants(role: IRole & KubernetesObject, needed: readonly KubernetesPermission[]): string[] {
  const problems: string[] = [];
  for (const rule of role.rules ?? []) {
    if ((rule.nonResourceURLs ?? []).length > 0) problems.push(`${describeObject(role)}: grants non-resource URLs, which the Job launcher does not use`);
    for (const apiGroup of rule.apiGroups ?? []) {
      for (const resource of rule.resources ?? []) {
        for (const verb of rule.verbs) {
          const isNeeded = needed.some((p) => p.apiGroup === apiGroup && p.resource === resource && p.verb === verb);
          if (!isNeeded) problems.push(`${describeObject(role)}: grants ${verb} on ${apiGroup || 'core'}/${resource}, which the Job launcher does not use`);
        }
      }
    }
  }
  return problems;
}

function checkJobLauncherAccess(objects: readonly KubernetesObject[], needed: readonly KubernetesPermission[]): string[] {
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
  for (const permission of needed) {
    if (!roles.some((role) => role && roleGrants(role, permission))) {
      const { verb, apiGroup, resource } = permission;
      problems.push(`ServiceAccount/${account}: no Role bound to it grants ${verb} on ${apiGroup || 'core'}/${resource}`);
    }
  }
  for (const role of roles) if (role) problems.push(...excessGrants(role, needed));
  for (const other of objectsOfKind<IDeployment>(objects, 'Deployment').filter((d) => d !== worker)) {
    if (other.spec?.template.spec?.serviceAccountName === account) problems.push(`${describeObject(other)}: must not run as ${account}`);
  }
  return problems;
}

/**
 * Problems of secrets handling, network isolation and RBAC; empty when all hold. `jobLauncher`:
 * the permissions the delivery worker's Job launcher uses (job-launcher-permissions.ts).
 */
export function checkAccessConventions(objects: readonly KubernetesObject[], jobLauncher: readonly KubernetesPermission[]): string[] {
  return [...checkSecretsAndConfig(objects), ...checkTokenExchangeIsolation(objects), ...checkJobLauncherAccess(objects, jobLauncher)];
}
