import ipaddr from 'ipaddr.js';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyEgressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyEgressRule';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { CONFIG_MAP_NAME } from './gatehouse-manifest-facts';
import { objectsOfKind, podLabels, selectorMatches } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// The delivery worker connects to URLs its users chose, and Job webhooks run code their owners
// chose, so both are limited as a second line behind the worker's HTTP client's refusal of private
// addresses: to receivers at any public address and port, never a private (RFC 1918, RFC 6598),
// loopback or link-local one (the cloud metadata service at 169.254.169.254); plus DNS. The worker
// also reaches what it needs itself (PostgreSQL, Redis, the Kafka brokers of gatehouse-config, the
// Kubernetes API for its Job launcher), each at the addresses the overlay's ClusterNetwork names,
// never "any private address on this port".

export const PRIVATE_IPV4 = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
];
export const PRIVATE_IPV6 = ['fc00::/7', 'fe80::/10', '::1/128'];
const METADATA_SERVICE = '169.254.169.254/32';
const NEEDED_PORTS: ReadonlyArray<{ port: number; what: string }> = [
  { port: 5432, what: 'PostgreSQL' },
  { port: 6379, what: 'Redis' },
  { port: 443, what: 'the Kubernetes API (Job launcher)' },
];

function kafkaPorts(objects: readonly KubernetesObject[]): number[] {
  const configMap = objectsOfKind<IConfigMap>(objects, 'ConfigMap').find(
    (c) => c.metadata.name === CONFIG_MAP_NAME,
  );
  const brokers = (configMap?.data?.KAFKA_BROKERS ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  return [...new Set(brokers.map((broker) => Number(broker.slice(broker.lastIndexOf(':') + 1))))];
}

const listsPort = (rule: INetworkPolicyEgressRule, port: number, protocol = 'TCP'): boolean =>
  (rule.ports ?? []).some((p) => (p.protocol ?? 'TCP') === protocol && p.port === port);

/** Whether `outer` holds every address of `inner` (both CIDRs); false when they are of different families or malformed. */
function contains(outer: string, inner: string): boolean {
  try {
    const [outerAddress, outerPrefix] = ipaddr.parseCIDR(outer);
    const [innerAddress, innerPrefix] = ipaddr.parseCIDR(inner);
    if (outerAddress.kind() !== innerAddress.kind() || outerPrefix > innerPrefix) return false;
    return (innerAddress as ipaddr.IPv4).match(outerAddress as ipaddr.IPv4, outerPrefix);
  } catch {
    return false;
  }
}

/** The private ranges (and the metadata service) a block holds whole, none of it excepted. */
function privateRangesAdmitted(block: { cidr: string; except?: string[] }): string[] {
  const ranges = [...PRIVATE_IPV4, METADATA_SERVICE, ...PRIVATE_IPV6];
  const carved = (range: string) =>
    (block.except ?? []).some((excepted) => contains(excepted, range) || contains(range, excepted));
  return ranges.filter((range) => contains(block.cidr, range) && !carved(range));
}

/** An egress rule with the policy it belongs to, for messages. */
export interface OwnedRule {
  policy: string;
  rule: INetworkPolicyEgressRule;
}

/** The egress rules of the policies selecting pods with `labels`. */
export function egressRulesFor(
  objects: readonly KubernetesObject[],
  labels: Record<string, string>,
): OwnedRule[] {
  return objectsOfKind<INetworkPolicy>(objects, 'NetworkPolicy')
    .filter(
      (policy) =>
        (policy.spec?.policyTypes ?? []).includes('Egress') &&
        selectorMatches(policy.spec?.podSelector, labels),
    )
    .flatMap((policy) =>
      (policy.spec?.egress ?? []).map((rule) => ({ policy: describeObject(policy), rule })),
    );
}

/**
 * Problems of the rules without a port limit, which must reach public addresses only: an ipBlock of
 * every public address with each private range excepted. `who` names the pods, `of` the object the
 * missing-rule problem is about.
 */
export function checkPublicEgress(rules: readonly OwnedRule[], who: string, of: string): string[] {
  const unlimited = rules.filter(({ rule }) => (rule.ports ?? []).length === 0);
  const problems: string[] = [];
  if (
    !unlimited.some(({ rule }) =>
      (rule.to ?? []).some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'),
    )
  )
    problems.push(`${of}: no egress rule lets ${who} reach any public address and port`);
  for (const { policy, rule } of unlimited) {
    if ((rule.to ?? []).length === 0)
      problems.push(`${policy}: an egress rule without 'to' or ports admits every destination`);
    for (const peer of rule.to ?? []) {
      const block = peer.ipBlock;
      if (!block) {
        problems.push(
          `${policy}: an egress rule without ports admits pods (${JSON.stringify(peer)}); limit it to their ports`,
        );
        continue;
      }
      const required =
        block.cidr === '0.0.0.0/0' ? PRIVATE_IPV4 : block.cidr === '::/0' ? PRIVATE_IPV6 : [];
      for (const range of required.filter((r) => !(block.except ?? []).includes(r)))
        problems.push(`${policy}: lets ${who} reach ${range}; except it from ${block.cidr}`);
      if (required.length === 0)
        for (const range of privateRangesAdmitted(block))
          problems.push(
            `${policy}: lets ${who} reach every port of ${range} (ipBlock ${block.cidr})`,
          );
    }
  }
  return problems;
}

const portsOf = (rule: INetworkPolicyEgressRule): string =>
  (rule.ports ?? []).map((p) => `${p.protocol ?? 'TCP'} ${String(p.port)}`).join(', ');

/** Problems of the rules that admit private destinations by port: each must name where, and not a whole private range. */
function checkPrivateEgress(rules: readonly OwnedRule[]): string[] {
  const problems: string[] = [];
  for (const { policy, rule } of rules.filter(({ rule: r }) => (r.ports ?? []).length > 0)) {
    if ((rule.to ?? []).length === 0)
      problems.push(
        `${policy}: admits ${portsOf(rule)} to every address; name where (ClusterNetwork spec.deliveryWorkerPrivateEgress)`,
      );
    for (const block of (rule.to ?? []).flatMap((peer) => (peer.ipBlock ? [peer.ipBlock] : []))) {
      for (const range of privateRangesAdmitted(block)) {
        problems.push(
          `${policy}: admits ${portsOf(rule)} to every address of ${range} (ipBlock ${block.cidr}); name the stores' own addresses`,
        );
      }
    }
  }
  return problems;
}

/** Problems of the delivery worker's egress policies; empty when all hold. */
export function checkDeliveryWorkerEgress(objects: readonly KubernetesObject[]): string[] {
  const worker = objectsOfKind<IDeployment>(objects, 'Deployment').find(
    (d) => d.metadata.name === 'delivery-worker',
  );
  if (!worker) return [];
  const of = describeObject(worker);
  const rules = egressRulesFor(objects, podLabels(worker));
  if (rules.length === 0) return [`NetworkPolicy: none limits the egress of ${of}`];
  const problems = [...checkPublicEgress(rules, 'the worker', of), ...checkPrivateEgress(rules)];
  const reaches = (port: number, protocol = 'TCP') =>
    rules.some(({ rule }) => listsPort(rule, port, protocol) && (rule.to ?? []).length > 0);
  if (!reaches(53, 'UDP'))
    problems.push(`${of}: no egress rule lets it resolve names (UDP 53 to the cluster's DNS)`);
  const needed = [
    ...NEEDED_PORTS,
    ...kafkaPorts(objects).map((port) => ({ port, what: 'Kafka (KAFKA_BROKERS)' })),
  ];
  for (const { port, what } of needed)
    if (!reaches(port))
      problems.push(`${of}: no egress rule lets it reach ${what} on port ${port}`);
  return problems;
}
