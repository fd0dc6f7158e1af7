import type { IRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { broken, containerOf, find, policy, problemsOf, remove } from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';

// Secrets, the NetworkPolicies in front of token-exchange, and the Job launcher's RBAC.

describe('k8s/base access', () => {
  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
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
      'auth admitted over UDP only',
      (c) => {
        policy(c, 'token-exchange-from-auth').spec!.ingress![0].ports![0].protocol = 'UDP';
      },
      ["NetworkPolicy/token-exchange-from-auth: does not admit auth's pods on port 3001 (POST /internal/token-exchange)"],
    ],
    [
      'no way in for the ingress controller',
      (c) => {
        remove(c, 'NetworkPolicy', 'token-exchange-from-ingress-controller');
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
          remove(c, 'NetworkPolicy', name);
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
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(broken(mutate))).toEqual(problems);
  });
});
