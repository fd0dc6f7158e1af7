import { join } from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHTTPIngressPath } from 'kubernetes-models/networking.k8s.io/v1/HTTPIngressPath';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { DECLARED_TOPICS, DELIVERY_WORKER_CONSUMER } from './gatehouse-event-facts';
import { gatehouseRoutes } from './gatehouse-routes';
import { checkKafkaTopicConventions, partitionsByTopic } from './kafka-topic-conventions';
import { jobLauncherPermissions } from './job-launcher-permissions';
import { checkAccessConventions } from './kubernetes-access-conventions';
import type { KubernetesObject } from './kubernetes-object';
import { checkReferenceConventions } from './kubernetes-reference-conventions';
import { checkScalingConventions } from './kubernetes-scaling-conventions';
import { checkWorkloadConventions } from './kubernetes-workload-conventions';
import { renderKustomization } from './kustomize-renderer';

// k8s/base and k8s/kafka-topics as rendered, every convention problem of a rendering, and
// helpers that break a copy of it in one place, for the convention specs.

const ROOT = join(__dirname, '..', '..');

export const baseObjects = renderKustomization(join(ROOT, 'k8s', 'base'));
export const baseTopics = renderKustomization(join(ROOT, 'k8s', 'kafka-topics'));
const routes = gatehouseRoutes(ROOT);
const jobLauncher = jobLauncherPermissions(ROOT);

/**
 * Convention problems of a rendering of the services, with `topics` the rendering of the
 * KafkaTopics applied beside it (the partitions bound the lag-scaled workers).
 */
export function problemsOf(rendered: readonly KubernetesObject[], topics: readonly KubernetesObject[] = baseTopics): string[] {
  return [
    ...checkWorkloadConventions(rendered),
    ...checkReferenceConventions(rendered, routes),
    ...checkScalingConventions(rendered, { lagScaledConsumer: DELIVERY_WORKER_CONSUMER, partitionsByTopic: partitionsByTopic(topics) }),
    ...checkAccessConventions(rendered, jobLauncher),
  ];
}

export function topicProblemsOf(topics: readonly KubernetesObject[]): string[] {
  return checkKafkaTopicConventions(topics, DECLARED_TOPICS);
}

/** A copy of `of` (the base by default) with one thing broken by `mutate`. */
export function broken(mutate: (copy: KubernetesObject[]) => void, of: readonly KubernetesObject[] = baseObjects): KubernetesObject[] {
  const copy = structuredClone(of) as KubernetesObject[];
  mutate(copy);
  return copy;
}

export function find<T>(from: KubernetesObject[], kind: string, name: string): T {
  const found = from.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} is not in the rendering`);
  return found as unknown as T;
}

export function remove(from: KubernetesObject[], kind: string, name: string): void {
  from.splice(from.indexOf(find<KubernetesObject>(from, kind, name)), 1);
}

export const containerOf = (from: KubernetesObject[], name: string): IContainer =>
  find<IDeployment>(from, 'Deployment', name).spec!.template.spec!.containers[0];

export const policy = (from: KubernetesObject[], name: string): INetworkPolicy => find<INetworkPolicy>(from, 'NetworkPolicy', name);

export const ingressPaths = (from: KubernetesObject[]): IHTTPIngressPath[] =>
  find<IIngress>(from, 'Ingress', 'gatehouse').spec!.rules![0].http!.paths;

export function pathRule(from: KubernetesObject[], path: string): IHTTPIngressPath {
  const rule = ingressPaths(from).find((p) => p.path === path);
  if (!rule) throw new Error(`the Ingress has no path ${path}`);
  return rule;
}
