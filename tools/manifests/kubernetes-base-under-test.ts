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
import {
  checkMigrationConventions,
  checkWorkloadConventions,
} from './kubernetes-workload-conventions';
import { checkKafkaUserConventions } from './kafka-user-conventions';
import { renderKustomization } from './kustomize-renderer';
import { checkPlaceholders } from './placeholder-conventions';
import { checkWebhookJobsConventions } from './webhook-jobs-conventions';

// k8s/base, k8s/jobs, k8s/kafka-topics and k8s/kafka-users as rendered, every convention problem
// of a rendering, and helpers that break a copy of it in one place, for the convention specs. The
// services and the Job namespace are rendered as an overlay deploys them, in the example cluster
// of tools/manifests/example-cluster (their cluster-specific fields are placeholders until then).

const ROOT = join(__dirname, '..', '..');
const EXAMPLE_CLUSTER = join(__dirname, 'example-cluster');

export const baseObjects = renderKustomization(join(EXAMPLE_CLUSTER, 'services'));
export const baseJobs = renderKustomization(join(EXAMPLE_CLUSTER, 'jobs'));
export const baseTopics = renderKustomization(join(ROOT, 'k8s', 'kafka-topics'));
export const baseUsers = renderKustomization(join(ROOT, 'k8s', 'kafka-users'));
export const baseMigrate = renderKustomization(join(ROOT, 'k8s', 'migrate'));
const routes = gatehouseRoutes(ROOT);
const jobLauncher = jobLauncherPermissions(ROOT);

/** What is applied beside the services: the Job namespace, and the KafkaTopics and KafkaUsers. */
export interface Surroundings {
  jobs: readonly KubernetesObject[];
  /** Their partitions bound the lag-scaled workers. */
  topics: readonly KubernetesObject[];
  users: readonly KubernetesObject[];
}

const BASE_SURROUNDINGS: Surroundings = { jobs: baseJobs, topics: baseTopics, users: baseUsers };

/** Convention problems of a rendering of the services and what is applied beside it. */
export function problemsOf(
  rendered: readonly KubernetesObject[],
  beside: Partial<Surroundings> = {},
): string[] {
  const { jobs, topics, users } = { ...BASE_SURROUNDINGS, ...beside };
  return [
    ...checkPlaceholders([...rendered, ...jobs]),
    ...checkWorkloadConventions(rendered),
    ...checkReferenceConventions(rendered, routes),
    ...checkScalingConventions(rendered, {
      lagScaledConsumer: DELIVERY_WORKER_CONSUMER,
      partitionsByTopic: partitionsByTopic(topics),
    }),
    ...checkAccessConventions(rendered, jobs, jobLauncher),
    ...checkWebhookJobsConventions(jobs, rendered),
    ...checkKafkaUserConventions(users, rendered, DECLARED_TOPICS),
  ];
}

export function topicProblemsOf(topics: readonly KubernetesObject[]): string[] {
  return checkKafkaTopicConventions(topics, DECLARED_TOPICS);
}

/** Convention problems of a release's migration Job (k8s/migrate). */
export function migrationProblemsOf(migrate: readonly KubernetesObject[]): string[] {
  return checkMigrationConventions(migrate);
}

/** A copy of `of` (the base by default) with one thing broken by `mutate`. */
export function broken(
  mutate: (copy: KubernetesObject[]) => void,
  of: readonly KubernetesObject[] = baseObjects,
): KubernetesObject[] {
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

export const policy = (from: KubernetesObject[], name: string): INetworkPolicy =>
  find<INetworkPolicy>(from, 'NetworkPolicy', name);

export const ingressPaths = (from: KubernetesObject[]): IHTTPIngressPath[] =>
  find<IIngress>(from, 'Ingress', 'gatehouse').spec!.rules![0].http!.paths;

export function pathRule(from: KubernetesObject[], path: string): IHTTPIngressPath {
  const rule = ingressPaths(from).find((p) => p.path === path);
  if (!rule) throw new Error(`the Ingress has no path ${path}`);
  return rule;
}
