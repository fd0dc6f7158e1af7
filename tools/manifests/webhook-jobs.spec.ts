import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { baseJobs, baseObjects, broken, find, problemsOf } from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObjects } from './kubernetes-schema-validator';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';

// k8s/jobs: the namespace Job webhooks run in, reachable by nothing, reaching only the public
// internet and DNS, without service-account tokens, and the one place the worker may create pods.

const isolation = (from: KubernetesObject[]) =>
  find<INetworkPolicy>(from, 'NetworkPolicy', 'webhook-jobs').spec!;

describe('k8s/jobs', () => {
  it("holds the namespace, the worker's Role and its binding, and the isolating NetworkPolicy", () => {
    expect(baseJobs.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'Namespace/gatehouse-jobs',
      'NetworkPolicy/webhook-jobs',
      'Role/delivery-worker-jobs',
      'RoleBinding/delivery-worker-jobs',
      'ServiceAccount/default',
    ]);
    expect(validateKubernetesObjects(baseJobs)).toEqual([]);
    expect(findUnknownKubernetesFields(baseJobs)).toEqual([]);
  }, 60_000);

  it('denies every connection to Job pods, and lets them reach public addresses and DNS only', () => {
    const spec = isolation(baseJobs as KubernetesObject[]);

    expect(spec.podSelector).toEqual({});
    expect(spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(spec.ingress).toBeUndefined();
    expect(
      spec.egress!.map((rule) => [
        rule.to!.map((peer) => peer.ipBlock?.cidr ?? 'dns'),
        (rule.ports ?? []).map((p) => `${p.protocol} ${p.port}`),
      ]),
    ).toEqual([
      [['0.0.0.0/0', '::/0'], []],
      [['dns'], ['UDP 53', 'TCP 53']],
    ]);
    expect(spec.egress![0].to![0].ipBlock!.except).toContain('169.254.0.0/16');
  });

  it.each<[string, (jobs: KubernetesObject[]) => void, string[]]>([
    [
      'Job pods reachable from the namespace of the services',
      (c) => {
        isolation(c).ingress = [
          {
            from: [
              {
                namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'gatehouse' } },
              },
            ],
          },
        ];
      },
      ['NetworkPolicy/webhook-jobs: admits connections to Job pods; nothing may'],
    ],
    [
      'Job pods that may reach the cloud metadata service and PostgreSQL',
      (c) => {
        const egress = isolation(c).egress!;
        egress[0].to![0].ipBlock!.except = egress[0].to![0].ipBlock!.except!.filter(
          (range) => range !== '169.254.0.0/16',
        );
        egress.push({
          to: [{ ipBlock: { cidr: '10.30.0.0/24' } }],
          ports: [{ protocol: 'TCP', port: 5432 }],
        });
      },
      [
        'NetworkPolicy/webhook-jobs: lets Job pods reach 169.254.0.0/16; except it from 0.0.0.0/0',
        'NetworkPolicy/webhook-jobs: lets Job pods reach port(s) 5432 beyond the public internet; only DNS may be private',
      ],
    ],
    [
      'Job pods that may reach port 53 anywhere',
      (c) => {
        delete isolation(c).egress![1].to;
      },
      [
        "NetworkPolicy/webhook-jobs: lets Job pods reach port 53 at every address; name the cluster's DNS",
        "Namespace/gatehouse-jobs: no egress rule lets Job pods resolve names (UDP 53 to the cluster's DNS)",
      ],
    ],
    [
      'a namespace without egress limits',
      (c) => {
        isolation(c).policyTypes = ['Ingress'];
      },
      ['NetworkPolicy: none limits the egress of every pod of Namespace/gatehouse-jobs'],
    ],
    [
      'a namespace where Pod Security allows privileged pods, and pods get tokens',
      (c) => {
        delete find<INamespace>(c, 'Namespace', 'gatehouse-jobs').metadata!.labels![
          'pod-security.kubernetes.io/enforce'
        ];
        delete find<IServiceAccount>(c, 'ServiceAccount', 'default').automountServiceAccountToken;
      },
      [
        'Namespace/gatehouse-jobs: must enforce Pod Security baseline or restricted (pod-security.kubernetes.io/enforce)',
        'ServiceAccount/default: Job pods run as it; set automountServiceAccountToken: false',
      ],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(baseObjects, { jobs: broken(mutate, baseJobs) })).toEqual(problems);
  });

  it.each<[string, string | undefined, string[]]>([
    [
      'another namespace',
      'jobs-elsewhere',
      [
        "ConfigMap/gatehouse-config: GATEHOUSE_KUBERNETES_JOB_NAMESPACE is 'jobs-elsewhere', but the Job namespace is 'gatehouse-jobs'",
      ],
    ],
    [
      "the services' own namespace",
      'gatehouse',
      [
        "ConfigMap/gatehouse-config: GATEHOUSE_KUBERNETES_JOB_NAMESPACE is the services' own namespace 'gatehouse'",
      ],
    ],
    [
      'no namespace',
      undefined,
      [
        'Deployment/delivery-worker: GATEHOUSE_KUBERNETES_JOB_NAMESPACE is not set, so Jobs would run beside the services',
      ],
    ],
  ])('names a worker that creates its Jobs in %s', (_case, namespace, problems) => {
    const services = broken((c) => {
      const data = find<IConfigMap>(c, 'ConfigMap', 'gatehouse-config').data!;
      if (namespace === undefined) delete data.GATEHOUSE_KUBERNETES_JOB_NAMESPACE;
      else data.GATEHOUSE_KUBERNETES_JOB_NAMESPACE = namespace;
    });

    expect(problemsOf(services)).toEqual(problems);
  });
});
