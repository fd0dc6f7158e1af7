import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyEgressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyEgressRule';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { CONFIG_MAP_NAME } from './gatehouse-manifest-facts';
import { objectsOfKind, podLabels, selectorMatches } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// The delivery worker connects to URLs its users chose, so its egress is limited as a second
// line behind its HTTP client's refusal of private addresses: receivers at any public address and
// port, never a private (RFC 1918, RFC 6598), loopback or link-local one (the cloud metadata
// service at 169.254.169.254); and what the worker itself needs: DNS, PostgreSQL, Redis, the
// Kafka brokers of gatehouse-config and the Kubernetes API for its Job launcher.

const PRIVATE_IPV4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16'];
const PRIVATE_IPV6 = ['fc00::/7', 'fe80::/10', '::1/128'];
const NEEDED_PORTS: ReadonlyArray<{ port: number; what: string }> = [
  { port: 5432, what: 'PostgreSQL' },
  { port: 6379, what: 'Redis' },
  { port: 443, what: 'the Kubernetes API (Job launcher)' },
];

function kafkaPorts(objects: readonly KubernetesObject[]): number[] {
  const configMap = objectsOfKind<IConfigMap>(objects, 'ConfigMap').find((c) => c.metadata.name === CONFIG_MAP_NAME);
  const brokers = (configMap?.data?.KAFKA_BROKERS ?? '').split(',').map((broker) => broker.trim()).filter(Boolean);
  return [...new Set(brokers.map((broker) => Number(broker.slice(broker.lastIndexOf(':') + 1))))];
}

const listsPort = (rule: INetworkPolicyEgressRule, port: number, protocol = 'TCP'): boolean =>
  (rule.ports ?? []).some((p) => (p.protocol ?? 'TCP') === protocol && p.port === port);

function checkReceivers(where: string, rules: readonly INetworkPolicyEgressRule[]): string[] {
  const problems: string[] = [];
  const anyPublicPort = rules.some(
    (rule) => (rule.ports ?? []).length === 0 && (rule.to ?? []).some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'),
  );
  if (!anyPublicPort) problems.push(`${where}: does not let the worker reach receivers at any public address and port`);
  for (const rule of rules) {
    if ((rule.to ?? []).length === 0 && (rule.ports ?? []).length === 0) problems.push(`${where}: an egress rule without 'to' or ports admits every destination`);
    for (const peer of rule.to ?? []) {
      const block = peer.ipBlock;
      if (!block) continue;
      const required = block.cidr === '0.0.0.0/0' ? PRIVATE_IPV4 : block.cidr === '::/0' ? PRIVATE_IPV6 : [];
      for (const range of required.filter((r) => !(block.except ?? []).includes(r))) {
        problems.push(`${where}: lets the worker reach ${range}; except it from ${block.cidr}`);
      }
    }
  }
  return problems;
}

/** Problems of the delivery worker's egress policy; empty when all hold. */
export function checkDeliveryWorkerEgress(objects: readonly KubernetesObject[]): string[] {
  const worker = objectsOfKind<IDeployment>(objects, 'Deployment').find((d) => d.metadata.name === 'delivery-worker');
  if (!worker) return [];
  const policies = objectsOfKind<INetworkPolicy>(objects, 'NetworkPolicy').filter(
    (policy) => (policy.spec?.policyTypes ?? []).includes('Egress') && selectorMatches(policy.spec?.podSelector, podLabels(worker)),
  );
  if (policies.length === 0) return [`NetworkPolicy: none limits the egress of ${describeObject(worker)}`];
  const where = policies.map(describeObject).join(', ');
  const rules = policies.flatMap((policy) => policy.spec?.egress ?? []);
  const problems = checkReceivers(where, rules);
  if (!rules.some((rule) => listsPort(rule, 53, 'UDP'))) problems.push(`${where}: does not let the worker resolve names (UDP 53)`);
  const needed = [...NEEDED_PORTS, ...kafkaPorts(objects).map((port) => ({ port, what: 'Kafka (KAFKA_BROKERS)' }))];
  for (const { port, what } of needed) {
    if (!rules.some((rule) => listsPort(rule, port))) problems.push(`${where}: does not let the worker reach ${what} on port ${port}`);
  }
  return problems;
}
