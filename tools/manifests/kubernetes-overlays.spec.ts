import { join } from 'node:path';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { IKafkaTopic } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaTopic';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { baseObjects, baseTopics, find, problemsOf, topicProblemsOf } from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObjects } from './kubernetes-schema-validator';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';
import { renderKustomization } from './kustomize-renderer';

// k8s/overlays/dev and k8s/overlays/prod, each with its kafka-topics beside it, rendered as
// kustomize would and held to everything the base is held to.

const OVERLAYS = join(__dirname, '..', '..', 'k8s', 'overlays');
const render = (path: string): KubernetesObject[] => renderKustomization(join(OVERLAYS, path));
const rendered = {
  dev: { services: render('dev'), topics: render('dev/kafka-topics') },
  prod: { services: render('prod'), topics: render('prod/kafka-topics') },
};
const environments = Object.entries(rendered);

const identify = (objects: readonly KubernetesObject[]): string[] => objects.map((o) => `${o.kind}/${o.metadata.name}`).sort();
const hpa = (from: KubernetesObject[], name: string) => find<IHorizontalPodAutoscaler>(from, 'HorizontalPodAutoscaler', name).spec!;
const worker = (from: KubernetesObject[]) => find<IScaledObject>(from, 'ScaledObject', 'delivery-worker').spec;
const partitions = (topics: KubernetesObject[]) => find<IKafkaTopic>(topics, 'KafkaTopic', 'gatehouse.repo-events.v1').spec.partitions;
const images = (from: KubernetesObject[]) =>
  [...new Set(from.filter((o) => o.kind === 'Deployment' || o.kind === 'Job').map((o) => (o as IDeployment).spec!.template.spec!.containers[0].image))];

describe.each(environments)('k8s/overlays/%s', (_environment, { services, topics }) => {
  it('holds every object of the base, and the topics every topic', () => {
    expect(identify(services)).toEqual(identify(baseObjects));
    expect(identify(topics)).toEqual(identify(baseTopics));
  });

  it('is valid against the Kubernetes, KEDA and Strimzi schemas and declares no unknown field', () => {
    expect(validateKubernetesObjects([...services, ...topics])).toEqual([]);
    expect(findUnknownKubernetesFields([...services, ...topics])).toEqual([]);
  }, 60_000);

  it('keeps every convention of the base', () => {
    expect(problemsOf(services, topics)).toEqual([]);
    expect(topicProblemsOf(topics)).toEqual([]);
  });
});

describe('the overlays differ where an environment does', () => {
  it('puts each environment in its own namespace, the topics in their Kafka cluster\'s', () => {
    expect(new Set(rendered.dev.services.map((o) => o.metadata.namespace))).toEqual(new Set(['gatehouse-dev']));
    expect(new Set(rendered.prod.services.map((o) => o.metadata.namespace))).toEqual(new Set(['gatehouse']));
    expect(new Set(rendered.dev.topics.map((o) => o.metadata.namespace))).toEqual(new Set(['kafka-dev']));
    expect(new Set(rendered.prod.topics.map((o) => o.metadata.namespace))).toEqual(new Set(['kafka']));
    expect(new Set(rendered.dev.topics.map((o) => o.metadata.labels?.['strimzi.io/cluster']))).toEqual(new Set(['kafka-dev']));
  });

  it('runs the image of its release', () => {
    expect(images(rendered.dev.services)).toEqual(['registry.example.com/gatehouse:0.1.0-dev']);
    expect(images(rendered.prod.services)).toEqual(['registry.example.com/gatehouse:0.1.0']);
  });

  it('sizes replicas, autoscalers and the lag-scaled workers for the environment', () => {
    const { dev, prod } = rendered;
    expect(find<IDeployment>(dev.services, 'Deployment', 'webhook-management').spec!.replicas).toBe(1);
    expect(find<IDeployment>(prod.services, 'Deployment', 'webhook-management').spec!.replicas).toBe(3);
    expect([hpa(dev.services, 'auth').minReplicas, hpa(dev.services, 'auth').maxReplicas]).toEqual([1, 2]);
    expect([hpa(prod.services, 'auth').minReplicas, hpa(prod.services, 'auth').maxReplicas]).toEqual([3, 20]);
    expect([worker(dev.services).minReplicaCount, worker(dev.services).maxReplicaCount, partitions(dev.topics)]).toEqual([1, 3, 3]);
    expect([worker(prod.services).minReplicaCount, worker(prod.services).maxReplicaCount, partitions(prod.topics)]).toEqual([2, 12, 12]);
  });

  it('gives auth a full core per pod in production, and small pods in development', () => {
    const resources = (from: KubernetesObject[], name: string) =>
      find<IDeployment>(from, 'Deployment', name).spec!.template.spec!.containers[0].resources;

    expect(resources(rendered.prod.services, 'auth')).toEqual({ requests: { cpu: '1', memory: '256Mi' }, limits: { cpu: '2', memory: '512Mi' } });
    expect(resources(rendered.dev.services, 'delivery-worker')).toEqual({ requests: { cpu: '50m', memory: '128Mi' }, limits: { cpu: '500m', memory: '384Mi' } });
  });
});
