import type { ILabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyIngressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyIngressRule';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import { GATEHOUSE_SERVICES, type GatehouseServiceFacts } from './gatehouse-manifest-facts';
import { objectsOfKind, podLabels, selectorMatches } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';
import { EXPECTED_CALLERS, type ExpectedCaller } from './network-callers';

// Ingress is denied by default in the namespace; each service then admits exactly its expected
// callers (network-callers.ts) on its own port, each by the NetworkPolicy named for it, and never
// a whole namespace, every pod, an IP block, or another Gatehouse service that has no business
// there. The delivery worker's egress: see delivery-worker-egress-conventions.ts.

type Policy = INetworkPolicy & KubernetesObject;
type Deployment = IDeployment & KubernetesObject;

const isEmptySelector = (selector: ILabelSelector): boolean =>
  Object.keys(selector.matchLabels ?? {}).length === 0 &&
  (selector.matchExpressions ?? []).length === 0;

const appliesTo = (policy: Policy, type: 'Ingress' | 'Egress'): boolean =>
  (
    policy.spec?.policyTypes ??
    (type === 'Ingress' ? ['Ingress'] : policy.spec?.egress ? ['Egress'] : [])
  ).includes(type);

function admitsPort(rule: INetworkPolicyIngressRule, port: number): boolean {
  const ports = rule.ports ?? [];
  return (
    ports.length === 0 ||
    ports.some((p) => (p.protocol ?? 'TCP') === 'TCP' && (p.port === port || p.port === 'http'))
  );
}

function checkDefaultDeny(policies: readonly Policy[]): string[] {
  const denies = policies.some(
    (policy) =>
      policy.spec &&
      isEmptySelector(policy.spec.podSelector) &&
      appliesTo(policy, 'Ingress') &&
      (policy.spec.ingress ?? []).length === 0,
  );
  return denies
    ? []
    : [
        'NetworkPolicy: none denies ingress to the namespace by default (podSelector {}, no ingress rules)',
      ];
}

function checkPeer(
  where: string,
  peer: INetworkPolicyPeer,
  service: GatehouseServiceFacts,
  deployments: readonly Deployment[],
): string[] {
  if (peer.ipBlock)
    return [`${where}: a peer admits an IP block; name callers by namespace and pod labels`];
  if (!peer.podSelector || isEmptySelector(peer.podSelector)) {
    return [
      `${where}: a peer admits every pod of the namespace${peer.namespaceSelector ? 's it selects' : ''}`,
    ];
  }
  if (peer.namespaceSelector) {
    return isEmptySelector(peer.namespaceSelector)
      ? [`${where}: a peer admits its pods from every namespace`]
      : [];
  }
  const ownCallers = EXPECTED_CALLERS.filter(
    (c) => c.service === service.name && c.from !== 'other-namespaces',
  ).map((c) => (c.from as { service: string }).service);
  const problems: string[] = [];
  const callerDeployments = deployments.filter((d) => ownCallers.includes(d.metadata.name));
  if (!callerDeployments.some((d) => selectorMatches(peer.podSelector, podLabels(d)))) {
    const whose =
      ownCallers.length > 0 ? ownCallers.map((name) => `${name}'s`).join(' or ') : 'no Gatehouse';
    problems.push(`${where}: a peer in its own namespace admits sources other than ${whose} pods`);
  }
  for (const other of deployments.filter(
    (d) => !ownCallers.includes(d.metadata.name) && selectorMatches(peer.podSelector, podLabels(d)),
  )) {
    problems.push(`${where}: admits ${describeObject(other)}`);
  }
  return problems;
}

function callerAdmitted(
  policy: Policy,
  caller: ExpectedCaller,
  port: number,
  deployments: readonly Deployment[],
): boolean {
  const from = caller.from;
  const callerDeployment =
    from === 'other-namespaces'
      ? undefined
      : deployments.find((d) => d.metadata.name === from.service);
  return (policy.spec?.ingress ?? []).some(
    (rule) =>
      admitsPort(rule, port) &&
      (rule.from ?? []).some((peer) =>
        callerDeployment
          ? !peer.namespaceSelector &&
            peer.podSelector !== undefined &&
            selectorMatches(peer.podSelector, podLabels(callerDeployment))
          : peer.namespaceSelector !== undefined && peer.podSelector !== undefined,
      ),
  );
}

function checkService(
  service: GatehouseServiceFacts,
  deployment: Deployment,
  policies: readonly Policy[],
  deployments: readonly Deployment[],
): string[] {
  const selecting = policies.filter(
    (policy) =>
      appliesTo(policy, 'Ingress') &&
      (policy.spec?.ingress ?? []).length > 0 &&
      selectorMatches(policy.spec?.podSelector, podLabels(deployment)),
  );
  const callers = EXPECTED_CALLERS.filter((caller) => caller.service === service.name);
  const problems: string[] = [];
  for (const policy of selecting) {
    const where = describeObject(policy);
    if (!callers.some((caller) => caller.policy === policy.metadata.name)) {
      problems.push(
        `${where}: admits connections to ${describeObject(deployment)}, which none of its callers needs`,
      );
    }
    for (const rule of policy.spec?.ingress ?? []) {
      const peers = rule.from ?? [];
      if (peers.length === 0)
        problems.push(`${where}: an ingress rule without 'from' admits every source`);
      for (const peer of peers) problems.push(...checkPeer(where, peer, service, deployments));
    }
  }
  for (const caller of callers) {
    const policy = policies.find((candidate) => candidate.metadata.name === caller.policy);
    if (!policy) {
      problems.push(
        `NetworkPolicy/${caller.policy}: missing; ${caller.caller} must reach ${service.name} for ${caller.purpose}`,
      );
    } else if (
      !selecting.includes(policy) ||
      !callerAdmitted(policy, caller, service.port, deployments)
    ) {
      const whom =
        caller.from === 'other-namespaces'
          ? 'selected pods of other namespaces'
          : `${caller.caller}'s pods`;
      problems.push(
        `${describeObject(policy)}: does not admit ${whom} to ${service.name} on port ${service.port} (${caller.purpose})`,
      );
    }
  }
  return problems;
}

/** Problems of the namespace's ingress isolation; empty when all hold. */
export function checkNetworkConventions(objects: readonly KubernetesObject[]): string[] {
  const policies = objectsOfKind<INetworkPolicy>(objects, 'NetworkPolicy');
  const deployments = objectsOfKind<IDeployment>(objects, 'Deployment');
  const problems = checkDefaultDeny(policies);
  for (const service of GATEHOUSE_SERVICES) {
    const deployment = deployments.find((d) => d.metadata.name === service.name);
    if (deployment) problems.push(...checkService(service, deployment, policies, deployments));
  }
  return [...new Set(problems)];
}
