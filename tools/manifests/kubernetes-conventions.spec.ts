import { join } from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IHTTPIngressPath } from 'kubernetes-models/networking.k8s.io/v1/HTTPIngressPath';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IService } from 'kubernetes-models/v1/Service';
import { gatehouseRoutes } from './gatehouse-routes';
import { jobLauncherPermissions } from './job-launcher-permissions';
import { checkAccessConventions } from './kubernetes-access-conventions';
import type { KubernetesObject } from './kubernetes-object';
import { checkReferenceConventions } from './kubernetes-reference-conventions';
import { checkWorkloadConventions } from './kubernetes-workload-conventions';
import { renderKustomization } from './kustomize-renderer';

const ROOT = join(__dirname, '..', '..');
const objects = renderKustomization(join(ROOT, 'k8s', 'base'));
const routes = gatehouseRoutes(ROOT);
const jobLauncher = jobLauncherPermissions(ROOT);

function problemsOf(rendered: readonly KubernetesObject[]): string[] {
  return [
    ...checkWorkloadConventions(rendered),
    ...checkReferenceConventions(rendered, routes),
    ...checkAccessConventions(rendered, jobLauncher),
  ];
}

function find<T>(from: KubernetesObject[], kind: string, name: string): T {
  const found = from.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} is not in the base`);
  return found as unknown as T;
}

const containerOf = (from: KubernetesObject[], name: string): IContainer =>
  find<IDeployment>(from, 'Deployment', name).spec!.template.spec!.containers[0];

const policy = (from: KubernetesObject[], name: string): INetworkPolicy => find<INetworkPolicy>(from, 'NetworkPolicy', name);

const ingressPaths = (from: KubernetesObject[]): IHTTPIngressPath[] => find<IIngress>(from, 'Ingress', 'gatehouse').spec!.rules![0].http!.paths;

function pathRule(from: KubernetesObject[], path: string): IHTTPIngressPath {
  const rule = ingressPaths(from).find((p) => p.path === path);
  if (!rule) throw new Error(`the Ingress has no path ${path}`);
  return rule;
}

const WEBHOOK_ROUTES = [
  '/api/settings/webhooks',
  '/api/settings/webhooks/:id',
  '/api/settings/webhooks/:id/activity',
  '/api/settings/webhooks/:id/activity/:deliveryId/replay',
  '/api/settings/webhooks/:id/disable',
  '/api/settings/webhooks/:id/enable',
].join(' ');

const ORGANIZATION_ROUTES = [
  '/api/organizations/:name/audit-log',
  '/api/organizations/:name/settings/token-exchange-apps',
  '/api/organizations/:name/settings/token-exchange-apps/:clientId',
  '/api/organizations/:name/settings/token-exchange-apps/:clientId/secret',
].join(' ');

function broken(mutate: (copy: KubernetesObject[]) => void): KubernetesObject[] {
  const copy = structuredClone(objects);
  mutate(copy);
  return copy;
}

describe('k8s/base conventions', () => {
  it('wires probes, ports, configuration, secrets, scaling, routing, isolation and RBAC as Gatehouse needs', () => {
    expect(problemsOf(objects)).toEqual([]);
  });

  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
    [
      'a readiness probe on the liveness path',
      (c) => {
        containerOf(c, 'auth').readinessProbe!.httpGet!.path = '/healthz';
      },
      ['Deployment/auth: readinessProbe path is /healthz, expected /readyz'],
    ],
    [
      'a liveness probe on a port the container does not serve',
      (c) => {
        containerOf(c, 'token-exchange').livenessProbe!.httpGet!.port = 3000;
      },
      ['Deployment/token-exchange: livenessProbe port 3000 is not container port 3001'],
    ],
    [
      'a container port that disagrees with PORT',
      (c) => {
        containerOf(c, 'webhook-management').ports![0].containerPort = 8080;
      },
      [
        "Deployment/webhook-management: container port 'http' must be 3002",
        'Deployment/webhook-management: livenessProbe port http is not container port 3002',
        'Deployment/webhook-management: readinessProbe port http is not container port 3002',
        'Deployment/webhook-management: startupProbe port http is not container port 3002',
      ],
    ],
    [
      'a Service targetPort no container serves',
      (c) => {
        find<IService>(c, 'Service', 'webhook-management').spec!.ports![0].targetPort = 8080;
      },
      ['Service/webhook-management: targetPort 8080 is not a container port of Deployment/webhook-management'],
    ],
    [
      'an Ingress backend that does not exist',
      (c) => {
        pathRule(c, '/api/settings/webhooks').backend.service!.name = 'webhooks';
      },
      [
        "Ingress/gatehouse: backend Service 'webhooks' does not exist",
        `Ingress/gatehouse: webhook-management routes go to webhooks: ${WEBHOOK_ROUTES}`,
        'Ingress/gatehouse: path /api/settings/webhooks reaches no public route of webhooks',
      ],
    ],
    [
      'the organization admin API left unrouted',
      (c) => {
        const paths = ingressPaths(c);
        paths.splice(paths.indexOf(pathRule(c, '/api/organizations')), 1);
      },
      [`Ingress/gatehouse: token-exchange routes go to no backend: ${ORGANIZATION_ROUTES}`],
    ],
    [
      'the organization admin API sent to auth',
      (c) => {
        pathRule(c, '/api/organizations').backend.service!.name = 'auth';
      },
      [
        `Ingress/gatehouse: token-exchange routes go to auth: ${ORGANIZATION_ROUTES}`,
        'Ingress/gatehouse: path /api/organizations reaches no public route of auth',
      ],
    ],
    [
      '/internal routed to token-exchange',
      (c) => {
        ingressPaths(c).push({ path: '/internal', pathType: 'Prefix', backend: { service: { name: 'token-exchange', port: { name: 'http' } } } });
      },
      [
        'Ingress/gatehouse: internal routes go to token-exchange: /internal/authorize /internal/events /internal/token-exchange',
        'Ingress/gatehouse: path /internal is internal; /internal is never public',
        'Ingress/gatehouse: path /internal reaches no public route of token-exchange',
      ],
    ],
    [
      'one internal route exposed by an Exact path',
      (c) => {
        ingressPaths(c).push({ path: '/internal/events', pathType: 'Exact', backend: { service: { name: 'webhook-management', port: { name: 'http' } } } });
      },
      [
        'Ingress/gatehouse: internal routes go to webhook-management: /internal/events',
        'Ingress/gatehouse: path /internal/events is internal; /internal is never public',
        'Ingress/gatehouse: path /internal/events reaches no public route of webhook-management',
      ],
    ],
    [
      'a catch-all rule',
      (c) => {
        ingressPaths(c).push({ path: '/', pathType: 'Prefix', backend: { service: { name: 'auth', port: { name: 'http' } } } });
      },
      [
        'Ingress/gatehouse: internal routes go to auth: /internal/authorize /internal/events /internal/token-exchange',
        'Ingress/gatehouse: operations routes go to auth: /healthz /metrics /readyz',
        'Ingress/gatehouse: path / reaches no public route of auth',
      ],
    ],
    [
      'a page path no controller serves',
      (c) => {
        ingressPaths(c).push({ path: '/login', pathType: 'Prefix', backend: { service: { name: 'auth', port: { name: 'http' } } } });
      },
      ['Ingress/gatehouse: path /login reaches no public route of auth'],
    ],
    [
      'a public route to the delivery worker',
      (c) => {
        ingressPaths(c).push({ path: '/deliveries', pathType: 'Prefix', backend: { service: { name: 'delivery-worker', port: { name: 'http' } } } });
      },
      ['Ingress/gatehouse: path /deliveries reaches no public route of delivery-worker'],
    ],
    [
      'an autoscaler aimed at a missing Deployment',
      (c) => {
        find<IHorizontalPodAutoscaler>(c, 'HorizontalPodAutoscaler', 'auth').spec!.scaleTargetRef.name = 'authentication';
      },
      [
        'HorizontalPodAutoscaler/auth: scaleTargetRef Deployment/authentication is not a Deployment here',
        'Deployment/auth: no HorizontalPodAutoscaler scales it',
        'PodDisruptionBudget/auth: minAvailable 1 leaves no pod of 1 evictable, so node drains block',
      ],
    ],
    [
      'replicas fixed on an autoscaled Deployment',
      (c) => {
        find<IDeployment>(c, 'Deployment', 'delivery-worker').spec!.replicas = 3;
      },
      ['Deployment/delivery-worker: sets replicas although HorizontalPodAutoscaler/delivery-worker owns them'],
    ],
    [
      'a secret written as a literal value',
      (c) => {
        const variable = containerOf(c, 'auth').env!.find((v) => v.name === 'GATEHOUSE_INTERNAL_TOKEN')!;
        delete variable.valueFrom;
        variable.value = 'not-so-secret';
      },
      ['Deployment/auth: env GATEHOUSE_INTERNAL_TOKEN is a secret and must come from secretKeyRef gatehouse-secrets'],
    ],
    [
      'a Secret object in the manifests',
      (c) => {
        c.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'gatehouse-secrets' }, stringData: { DATABASE_URL: 'x' } });
      },
      ['Secret/gatehouse-secrets: secret values must not be part of the manifests; reference the Secret instead'],
    ],
    [
      'a secret in the ConfigMap',
      (c) => {
        find<IConfigMap>(c, 'ConfigMap', 'gatehouse-config').data!.DATABASE_URL = 'postgres://u:p@db/gatehouse';
      },
      ['ConfigMap/gatehouse-config: DATABASE_URL is a secret and belongs in the Secret'],
    ],
    [
      'a variable that is not Gatehouse configuration',
      (c) => {
        containerOf(c, 'auth').env!.push({ name: 'NODE_OPTIONS', value: '--inspect' });
      },
      ['Deployment/auth: env NODE_OPTIONS is not a Gatehouse configuration variable'],
    ],
    [
      'a required variable left out',
      (c) => {
        const container = containerOf(c, 'webhook-management');
        container.env = container.env!.filter((v) => v.name !== 'DATABASE_URL');
      },
      ['Deployment/webhook-management: webhook-management requires DATABASE_URL, which is not provided'],
    ],
    [
      'a writable root filesystem',
      (c) => {
        containerOf(c, 'delivery-worker').securityContext!.readOnlyRootFilesystem = false;
      },
      ['Deployment/delivery-worker: must set securityContext.readOnlyRootFilesystem: true'],
    ],
    [
      'no time to drain',
      (c) => {
        find<IDeployment>(c, 'Deployment', 'auth').spec!.template.spec!.terminationGracePeriodSeconds = 12;
      },
      ['Deployment/auth: terminationGracePeriodSeconds must exceed the 10000 ms drain plus the preStop sleep'],
    ],
    [
      'a NetworkPolicy that admits every Gatehouse pod',
      (c) => {
        policy(c, 'token-exchange-from-auth').spec!.ingress![0].from![0].podSelector = { matchLabels: { 'app.kubernetes.io/name': 'gatehouse' } };
      },
      [
        'NetworkPolicy/token-exchange-from-auth: admits Deployment/token-exchange',
        'NetworkPolicy/token-exchange-from-auth: admits Deployment/webhook-management',
        'NetworkPolicy/token-exchange-from-auth: admits Deployment/delivery-worker',
      ],
    ],
    [
      'a NetworkPolicy that admits webhook-management instead of auth',
      (c) => {
        policy(c, 'token-exchange-from-auth').spec!.ingress![0].from![0].podSelector!.matchLabels!['app.kubernetes.io/component'] = 'webhook-management';
      },
      [
        "NetworkPolicy/token-exchange-from-auth: a peer in its own namespace admits sources other than auth's pods",
        'NetworkPolicy/token-exchange-from-auth: admits Deployment/webhook-management',
        "NetworkPolicy/token-exchange-from-auth: does not admit auth's pods on port 3001 (POST /internal/token-exchange)",
      ],
    ],
    [
      'auth admitted on another port',
      (c) => {
        policy(c, 'token-exchange-from-auth').spec!.ingress![0].ports![0].port = 3000;
      },
      ["NetworkPolicy/token-exchange-from-auth: does not admit auth's pods on port 3001 (POST /internal/token-exchange)"],
    ],
    [
      'no way in for the ingress controller',
      (c) => {
        c.splice(c.indexOf(policy(c, 'token-exchange-from-ingress-controller') as unknown as KubernetesObject), 1);
      },
      ['NetworkPolicy/token-exchange-from-ingress-controller: missing; the ingress controller must reach token-exchange for /api/organizations'],
    ],
    [
      'whole namespaces admitted for the ingress controller',
      (c) => {
        delete policy(c, 'token-exchange-from-ingress-controller').spec!.ingress![0].from![0].podSelector;
      },
      [
        'NetworkPolicy/token-exchange-from-ingress-controller: a peer admits every pod of the namespaces it selects',
        'NetworkPolicy/token-exchange-from-ingress-controller: does not admit selected pods of other namespaces on port 3001 (/api/organizations)',
      ],
    ],
    [
      'access-policy clients from every namespace',
      (c) => {
        policy(c, 'token-exchange-from-access-policy-clients').spec!.ingress![0].from![0].namespaceSelector = {};
      },
      ['NetworkPolicy/token-exchange-from-access-policy-clients: a peer admits its pods from every namespace'],
    ],
    [
      'an IP block admitted',
      (c) => {
        policy(c, 'token-exchange-from-access-policy-clients').spec!.ingress![0].from!.push({ ipBlock: { cidr: '10.0.0.0/8' } });
      },
      ['NetworkPolicy/token-exchange-from-access-policy-clients: a peer admits an IP block; name callers by namespace and pod labels'],
    ],
    [
      'an ingress rule without sources',
      (c) => {
        delete policy(c, 'token-exchange-from-access-policy-clients').spec!.ingress![0].from;
      },
      [
        "NetworkPolicy/token-exchange-from-access-policy-clients: an ingress rule without 'from' admits every source",
        'NetworkPolicy/token-exchange-from-access-policy-clients: does not admit selected pods of other namespaces on port 3001 (POST /internal/authorize)',
      ],
    ],
    [
      'no NetworkPolicy for token-exchange',
      (c) => {
        for (const name of ['token-exchange-from-auth', 'token-exchange-from-ingress-controller', 'token-exchange-from-access-policy-clients']) {
          c.splice(c.indexOf(policy(c, name) as unknown as KubernetesObject), 1);
        }
      },
      ['NetworkPolicy: none restricts ingress to token-exchange'],
    ],
    [
      'a Job launcher that may not delete Jobs',
      (c) => {
        find<IRole>(c, 'Role', 'delivery-worker-jobs').rules![0].verbs = ['create'];
      },
      ['ServiceAccount/delivery-worker: no Role bound to it grants delete on batch/jobs'],
    ],
    [
      'a Job launcher that may not create the Secret of a Job',
      (c) => {
        const role = find<IRole>(c, 'Role', 'delivery-worker-jobs');
        role.rules = role.rules!.filter((rule) => !rule.resources!.includes('secrets'));
      },
      ['ServiceAccount/delivery-worker: no Role bound to it grants create on core/secrets'],
    ],
    [
      'a Role that grants more than the Job launcher uses',
      (c) => {
        find<IRole>(c, 'Role', 'delivery-worker-jobs').rules!.push(
          { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list'] },
          { apiGroups: ['batch'], resources: ['*'], verbs: ['create'] },
        );
      },
      [
        'Role/delivery-worker-jobs: grants get on core/secrets, which the Job launcher does not use',
        'Role/delivery-worker-jobs: grants list on core/secrets, which the Job launcher does not use',
        'Role/delivery-worker-jobs: grants create on batch/*, which the Job launcher does not use',
      ],
    ],
    [
      'a delivery worker without the Kubernetes Job launcher',
      (c) => {
        const container = containerOf(c, 'delivery-worker');
        container.env = container.env!.filter((v) => v.name !== 'GATEHOUSE_JOB_LAUNCHER');
      },
      ['Deployment/delivery-worker: env GATEHOUSE_JOB_LAUNCHER must be "kubernetes"'],
    ],
    [
      'a migration Job that does not migrate',
      (c) => {
        const job = c.find((o) => o.kind === 'Job') as unknown as { spec: { template: { spec: { containers: IContainer[] } } } };
        job.spec.template.spec.containers[0].command = ['node', 'dist/apps/cli/src/main.js', 'admin', 'seed', '/seed/demo.yaml'];
      },
      ['Job/gatehouse-migrate: command must be node dist/apps/cli/src/main.js admin migrate'],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(broken(mutate))).toEqual(problems);
  });
});
