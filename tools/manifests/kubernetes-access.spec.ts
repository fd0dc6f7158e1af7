import type { IRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import {
  baseJobs,
  baseObjects,
  broken,
  containerOf,
  find,
  problemsOf,
} from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';

// Secrets and the Job launcher's RBAC (NetworkPolicies: kubernetes-network.spec.ts; the Job
// namespace's isolation: webhook-jobs.spec.ts).

describe('k8s/base access', () => {
  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
    [
      'a secret written as a literal value',
      (c) => {
        const variable = containerOf(c, 'auth').env!.find(
          (v) => v.name === 'GATEHOUSE_INTERNAL_TOKEN',
        )!;
        delete variable.valueFrom;
        variable.value = 'not-so-secret';
      },
      [
        'Deployment/auth: env GATEHOUSE_INTERNAL_TOKEN is a secret and must come from secretKeyRef gatehouse-secrets',
      ],
    ],
    [
      'a Secret object in the manifests',
      (c) => {
        c.push({
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'gatehouse-secrets' },
          stringData: { DATABASE_URL: 'x' },
        });
      },
      [
        'Secret/gatehouse-secrets: secret values must not be part of the manifests; reference the Secret instead',
      ],
    ],
    [
      'a secret in the ConfigMap',
      (c) => {
        find<IConfigMap>(c, 'ConfigMap', 'gatehouse-config').data!.DATABASE_URL =
          'postgres://u:p@db/gatehouse';
      },
      ['ConfigMap/gatehouse-config: DATABASE_URL is a secret and belongs in the Secret'],
    ],
    [
      'a delivery worker without the Kubernetes Job launcher',
      (c) => {
        const container = containerOf(c, 'delivery-worker');
        container.env = container.env!.filter((v) => v.name !== 'GATEHOUSE_JOB_LAUNCHER');
      },
      ['Deployment/delivery-worker: env GATEHOUSE_JOB_LAUNCHER must be "kubernetes"'],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(broken(mutate))).toEqual(problems);
  });
});

describe('the Job launcher is granted what it calls, in the Job namespace only', () => {
  it.each<[string, (jobs: KubernetesObject[]) => void, string[]]>([
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
      "a RoleBinding naming the worker's account in another namespace",
      (c) => {
        find<IRoleBinding>(c, 'RoleBinding', 'delivery-worker-jobs').subjects![0].namespace =
          'gatehouse-jobs';
      },
      [
        "RoleBinding/delivery-worker-jobs: binds ServiceAccount/delivery-worker of namespace 'gatehouse-jobs', not the services' 'gatehouse'",
      ],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(baseObjects, { jobs: broken(mutate, baseJobs) })).toEqual(problems);
  });

  it('names a Role bound to the worker beside the services, where it could mount their Secrets', () => {
    const beside = broken((c) =>
      c.push(
        ...structuredClone(
          baseJobs.filter((o) => o.kind === 'Role' || o.kind === 'RoleBinding'),
        ).map((o) => ({ ...o, metadata: { ...o.metadata, namespace: 'gatehouse' } })),
      ),
    );

    expect(problemsOf(beside)).toEqual([
      'RoleBinding/delivery-worker-jobs: grants ServiceAccount/delivery-worker something beside the services; bind its Role in the Job namespace only',
    ]);
  });
});
