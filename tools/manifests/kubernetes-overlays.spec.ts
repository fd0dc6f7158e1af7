import { join } from 'node:path';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { IKafkaTopic } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaTopic';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import {
  baseJobs,
  baseObjects,
  baseTopics,
  baseUsers,
  find,
  migrationProblemsOf,
  problemsOf,
  topicProblemsOf,
} from './kubernetes-base-under-test';
import { imageName, imageTag } from './gatehouse-manifest-facts';
import { configuredJobNamespace } from './webhook-jobs-conventions';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObjects } from './kubernetes-schema-validator';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';
import { renderKustomization } from './kustomize-renderer';

// k8s/overlays/dev and k8s/overlays/prod, each with what is applied beside it (the Kafka topics
// and users, the Job namespace, the release's migration Job), rendered as kustomize would and held
// to everything the base is held to.

const OVERLAYS = join(__dirname, '..', '..', 'k8s', 'overlays');
const render = (path: string): KubernetesObject[] => renderKustomization(join(OVERLAYS, path));
const renderEnvironment = (name: string) => ({
  services: render(name),
  kafka: render(`${name}/kafka`),
  jobs: render(`${name}/jobs`),
  migrate: render(`${name}/migrate`),
});
const rendered = { dev: renderEnvironment('dev'), prod: renderEnvironment('prod') };
const environments = Object.entries(rendered);

const identify = (objects: readonly KubernetesObject[]): string[] =>
  objects.map((o) => `${o.kind}/${o.metadata.name}`).sort();
const hpa = (from: KubernetesObject[], name: string) =>
  find<IHorizontalPodAutoscaler>(from, 'HorizontalPodAutoscaler', name).spec!;
const worker = (from: KubernetesObject[]) =>
  find<IScaledObject>(from, 'ScaledObject', 'delivery-worker').spec;
const partitions = (topics: KubernetesObject[]) =>
  find<IKafkaTopic>(topics, 'KafkaTopic', 'gatehouse.repo-events.v1').spec.partitions;
const images = (from: KubernetesObject[]) => [
  ...new Set(
    from
      .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
      .map((o) => (o as IDeployment).spec!.template.spec!.containers[0].image),
  ),
];
const namespaces = (from: KubernetesObject[]) =>
  new Set(from.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace));
const firstPeer = (from: KubernetesObject[], name: string) =>
  find<INetworkPolicy>(from, 'NetworkPolicy', name).spec!.ingress![0].from![0];

describe.each(environments)(
  'k8s/overlays/%s',
  (_environment, { services, kafka, jobs, migrate }) => {
    it('holds every object of the base, the Kafka topics and users, the Job namespace and the migration Job', () => {
      expect(identify(services)).toEqual(identify(baseObjects));
      expect(identify(kafka)).toEqual(identify([...baseTopics, ...baseUsers]));
      const namespaced = (objects: readonly KubernetesObject[]) =>
        identify(objects.filter((o) => o.kind !== 'Namespace'));
      expect(namespaced(jobs)).toEqual(namespaced(baseJobs));
      expect(jobs.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name)).toEqual([
        ...namespaces(jobs),
      ]);
      expect(migrate.map((o) => o.kind)).toEqual(['Job']);
    });

    it('is valid against the Kubernetes, KEDA and Strimzi schemas and declares no unknown field', () => {
      const all = [...services, ...kafka, ...jobs, ...migrate];
      expect(validateKubernetesObjects(all)).toEqual([]);
      expect(findUnknownKubernetesFields(all)).toEqual([]);
    }, 60_000);

    it('keeps every convention of the base', () => {
      expect(problemsOf(services, { jobs, topics: kafka, users: kafka })).toEqual([]);
      expect(topicProblemsOf(kafka)).toEqual([]);
      expect(migrationProblemsOf(migrate)).toEqual([]);
    });

    it("runs the release's migration Job, named after the release, in the CLI's image of the services' release", () => {
      const [job] = migrate;
      const tags = new Set(images(services).map((image) => imageTag(image ?? '')));
      const [tag] = [...tags];

      expect(tags.size).toBe(1);
      expect(job.metadata.name).toBe(`gatehouse-migrate-${tag}`);
      expect(
        images(migrate).map((image) => `${imageName(image ?? '')}:${imageTag(image ?? '')}`),
      ).toEqual([`gatehouse-cli:${tag}`]);
      expect(namespaces(migrate)).toEqual(namespaces(services));
    });

    it('creates Jobs in the Job namespace, where only its own delivery worker is granted anything', () => {
      const [jobNamespace] = namespaces(jobs);
      const [servicesNamespace] = namespaces(services);

      expect(jobNamespace).not.toBe(servicesNamespace);
      expect(configuredJobNamespace(services)).toBe(jobNamespace);
      expect(find<IRoleBinding>(jobs, 'RoleBinding', 'delivery-worker-jobs').subjects).toEqual([
        { kind: 'ServiceAccount', name: 'delivery-worker', namespace: servicesNamespace },
      ]);
    });

    it('puts the topics and the users in the same Kafka cluster', () => {
      expect(new Set(kafka.map((o) => o.metadata.labels?.['strimzi.io/cluster'])).size).toBe(1);
    });
  },
);

describe('the overlays differ where an environment does', () => {
  it("puts each environment in its own namespaces, the topics and users in their Kafka cluster's", () => {
    const { dev, prod } = rendered;
    expect([dev.services, dev.jobs, dev.kafka].map(namespaces)).toEqual([
      new Set(['gatehouse-dev']),
      new Set(['gatehouse-dev-jobs']),
      new Set(['kafka-dev']),
    ]);
    expect([prod.services, prod.jobs, prod.kafka].map(namespaces)).toEqual([
      new Set(['gatehouse']),
      new Set(['gatehouse-jobs']),
      new Set(['kafka']),
    ]);
    expect(new Set(dev.kafka.map((o) => o.metadata.labels?.['strimzi.io/cluster']))).toEqual(
      new Set(['kafka-dev']),
    );
    expect(
      find<KubernetesObject>(dev.jobs, 'Namespace', 'gatehouse-dev-jobs').metadata.labels?.[
        'pod-security.kubernetes.io/enforce'
      ],
    ).toBe('baseline');
  });

  it('runs the images of its release, one per service, and migrates with the CLI of it first', () => {
    const releaseOf = (tag: string) =>
      ['auth', 'token-exchange', 'webhook-management', 'delivery-worker'].map(
        (service) => `registry.example.com/gatehouse-${service}:${tag}`,
      );
    expect(images(rendered.dev.services).sort()).toEqual(releaseOf('0.1.0-dev').sort());
    expect(images(rendered.prod.services).sort()).toEqual(releaseOf('0.1.0').sort());
    expect(images(rendered.prod.migrate)).toEqual(['registry.example.com/gatehouse-cli:0.1.0']);
    expect(rendered.prod.migrate[0].metadata.name).toBe('gatehouse-migrate-0.1.0');
  });

  it("admits each cluster's own ingress controller and reaches its own stores (its ClusterNetwork)", () => {
    const { dev, prod } = rendered;
    for (const name of [
      'auth-from-ingress-controller',
      'token-exchange-from-ingress-controller',
      'webhook-management-from-ingress-controller',
    ]) {
      expect(firstPeer(dev.services, name).namespaceSelector).toEqual({
        matchLabels: { 'kubernetes.io/metadata.name': 'traefik' },
      });
      expect(firstPeer(prod.services, name).podSelector).toEqual({
        matchLabels: {
          'app.kubernetes.io/name': 'ingress-nginx',
          'app.kubernetes.io/component': 'controller',
        },
      });
    }
    const storesOf = (from: KubernetesObject[]) =>
      find<INetworkPolicy>(
        from,
        'NetworkPolicy',
        'delivery-worker-egress-private',
      ).spec!.egress!.map((rule) => rule.ports!.map((p) => p.port));
    expect(storesOf(dev.services)).toEqual([[5432], [6379], [9093], [443, 6443]]);
    expect(storesOf(prod.services)).toEqual([[5432, 6379], [9093], [443, 6443]]);
    expect(
      find<INetworkPolicy>(prod.services, 'NetworkPolicy', 'delivery-worker-egress-private').spec!
        .egress![0].to,
    ).toEqual([{ ipBlock: { cidr: '10.20.0.0/24' } }]);
  });

  it('sizes replicas, autoscalers and the lag-scaled workers for the environment', () => {
    const { dev, prod } = rendered;
    expect(find<IDeployment>(dev.services, 'Deployment', 'webhook-management').spec!.replicas).toBe(
      1,
    );
    expect(
      find<IDeployment>(prod.services, 'Deployment', 'webhook-management').spec!.replicas,
    ).toBe(3);
    expect([hpa(dev.services, 'auth').minReplicas, hpa(dev.services, 'auth').maxReplicas]).toEqual([
      1, 2,
    ]);
    expect([
      hpa(prod.services, 'auth').minReplicas,
      hpa(prod.services, 'auth').maxReplicas,
    ]).toEqual([3, 20]);
    expect([
      worker(dev.services).minReplicaCount,
      worker(dev.services).maxReplicaCount,
      partitions(dev.kafka),
    ]).toEqual([1, 3, 3]);
    expect([
      worker(prod.services).minReplicaCount,
      worker(prod.services).maxReplicaCount,
      partitions(prod.kafka),
    ]).toEqual([2, 12, 12]);
  });

  it('gives auth a full core per pod in production, and small pods in development', () => {
    const resources = (from: KubernetesObject[], name: string) =>
      find<IDeployment>(from, 'Deployment', name).spec!.template.spec!.containers[0].resources;

    expect(resources(rendered.prod.services, 'auth')).toEqual({
      requests: { cpu: '1', memory: '256Mi' },
      limits: { cpu: '2', memory: '512Mi' },
    });
    expect(resources(rendered.dev.services, 'delivery-worker')).toEqual({
      requests: { cpu: '50m', memory: '128Mi' },
      limits: { cpu: '500m', memory: '384Mi' },
    });
  });
});
