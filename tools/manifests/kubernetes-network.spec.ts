import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import {
  baseObjects,
  broken,
  find,
  policy,
  problemsOf,
  remove,
} from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';
import { EXPECTED_CALLERS } from './network-callers';

// Ingress denied by default, each service open to its callers only, and the delivery worker's
// egress limited to receivers at public addresses and what it needs itself.

const egress = (from: KubernetesObject[]) => policy(from, 'delivery-worker-egress').spec!.egress!;
const privateEgress = (from: KubernetesObject[]) =>
  policy(from, 'delivery-worker-egress-private').spec!.egress!;

describe('k8s/base network policies', () => {
  it('denies ingress by default and admits each expected caller by a policy of its own', () => {
    const policies = baseObjects.filter(
      (o): o is INetworkPolicy & KubernetesObject => o.kind === 'NetworkPolicy',
    );
    const defaultDeny = find<INetworkPolicy>(policies, 'NetworkPolicy', 'default-deny-ingress');

    expect(defaultDeny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    expect(policies.map((p) => p.metadata.name).sort()).toEqual(
      [
        ...new Set([
          ...EXPECTED_CALLERS.map((c) => c.policy),
          'default-deny-ingress',
          'delivery-worker-egress',
          'delivery-worker-egress-private',
        ]),
      ].sort(),
    );
    expect(
      EXPECTED_CALLERS.filter((c) => c.service === 'delivery-worker').map((c) => c.caller),
    ).toEqual(['Prometheus']);
  });

  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
    [
      'no default deny',
      (c) => remove(c, 'NetworkPolicy', 'default-deny-ingress'),
      [
        'NetworkPolicy: none denies ingress to the namespace by default (podSelector {}, no ingress rules)',
      ],
    ],
    [
      'a NetworkPolicy that admits every Gatehouse pod to token-exchange',
      (c) => {
        policy(c, 'token-exchange-from-auth').spec!.ingress![0].from![0].podSelector = {
          matchLabels: { 'app.kubernetes.io/name': 'gatehouse' },
        };
      },
      [
        'NetworkPolicy/token-exchange-from-auth: admits Deployment/token-exchange',
        'NetworkPolicy/token-exchange-from-auth: admits Deployment/webhook-management',
      ],
    ],
    [
      'a NetworkPolicy that admits webhook-management instead of auth',
      (c) => {
        policy(c, 'token-exchange-from-auth').spec!.ingress![0].from![0].podSelector!.matchLabels![
          'app.kubernetes.io/component'
        ] = 'webhook-management';
      },
      [
        "NetworkPolicy/token-exchange-from-auth: a peer in its own namespace admits sources other than auth's or delivery-worker's pods",
        'NetworkPolicy/token-exchange-from-auth: admits Deployment/webhook-management',
        "NetworkPolicy/token-exchange-from-auth: does not admit auth's pods to token-exchange on port 3001 (POST /internal/token-exchange)",
      ],
    ],
    [
      'auth admitted on another port',
      (c) => {
        policy(c, 'token-exchange-from-auth').spec!.ingress![0].ports![0].port = 3000;
      },
      [
        "NetworkPolicy/token-exchange-from-auth: does not admit auth's pods to token-exchange on port 3001 (POST /internal/token-exchange)",
      ],
    ],
    [
      'auth admitted over UDP only',
      (c) => {
        policy(c, 'token-exchange-from-auth').spec!.ingress![0].ports![0].protocol = 'UDP';
      },
      [
        "NetworkPolicy/token-exchange-from-auth: does not admit auth's pods to token-exchange on port 3001 (POST /internal/token-exchange)",
      ],
    ],
    [
      'no way in for the ingress controller to a public service',
      (c) => remove(c, 'NetworkPolicy', 'webhook-management-from-ingress-controller'),
      [
        'NetworkPolicy/webhook-management-from-ingress-controller: missing; the ingress controller must reach webhook-management for its public routes',
      ],
    ],
    [
      'whole namespaces admitted for the ingress controller',
      (c) => {
        delete policy(c, 'token-exchange-from-ingress-controller').spec!.ingress![0].from![0]
          .podSelector;
      },
      [
        'NetworkPolicy/token-exchange-from-ingress-controller: a peer admits every pod of the namespaces it selects',
        'NetworkPolicy/token-exchange-from-ingress-controller: does not admit selected pods of other namespaces to token-exchange on port 3001 (its public routes)',
      ],
    ],
    [
      'access-policy clients from every namespace',
      (c) => {
        policy(
          c,
          'token-exchange-from-access-policy-clients',
        ).spec!.ingress![0].from![0].namespaceSelector = {};
      },
      [
        'NetworkPolicy/token-exchange-from-access-policy-clients: a peer admits its pods from every namespace',
      ],
    ],
    [
      'an IP block admitted',
      (c) => {
        policy(c, 'webhook-management-from-event-producers').spec!.ingress![0].from!.push({
          ipBlock: { cidr: '10.0.0.0/8' },
        });
      },
      [
        'NetworkPolicy/webhook-management-from-event-producers: a peer admits an IP block; name callers by namespace and pod labels',
      ],
    ],
    [
      'an ingress rule without sources',
      (c) => {
        delete policy(c, 'auth-from-ingress-controller').spec!.ingress![0].from;
      },
      [
        "NetworkPolicy/auth-from-ingress-controller: an ingress rule without 'from' admits every source",
        'NetworkPolicy/auth-from-ingress-controller: does not admit selected pods of other namespaces to auth on port 3000 (its public routes)',
      ],
    ],
    [
      'the ingress controller admitted to the delivery worker, which has no public route',
      (c) => {
        const toWorker = structuredClone(
          policy(c, 'auth-from-ingress-controller'),
        ) as INetworkPolicy & KubernetesObject;
        toWorker.metadata.name = 'delivery-worker-from-ingress-controller';
        toWorker.spec!.podSelector.matchLabels!['app.kubernetes.io/component'] = 'delivery-worker';
        toWorker.spec!.ingress![0].ports![0].port = 3003;
        c.push(toWorker);
      },
      [
        'NetworkPolicy/delivery-worker-from-ingress-controller: admits connections to Deployment/delivery-worker, which none of its callers needs',
      ],
    ],
    [
      'a service Prometheus cannot scrape',
      (c) => {
        const ports = policy(c, 'metrics-from-prometheus').spec!.ingress![0].ports!;
        ports.splice(
          ports.findIndex((p) => p.port === 3003),
          1,
        );
      },
      [
        'NetworkPolicy/metrics-from-prometheus: does not admit selected pods of other namespaces to delivery-worker on port 3003 (/metrics)',
      ],
    ],
    [
      'a worker without an egress policy',
      (c) => {
        remove(c, 'NetworkPolicy', 'delivery-worker-egress');
        remove(c, 'NetworkPolicy', 'delivery-worker-egress-private');
      },
      ['NetworkPolicy: none limits the egress of Deployment/delivery-worker'],
    ],
    [
      'a worker whose only egress is to its stores: no receivers, no DNS',
      (c) => remove(c, 'NetworkPolicy', 'delivery-worker-egress'),
      [
        'Deployment/delivery-worker: no egress rule lets the worker reach any public address and port',
        "Deployment/delivery-worker: no egress rule lets it resolve names (UDP 53 to the cluster's DNS)",
      ],
    ],
    [
      'the stores admitted by port at any address',
      (c) => {
        privateEgress(c).push({
          ports: [
            { protocol: 'TCP', port: 5432 },
            { protocol: 'TCP', port: 9092 },
          ],
        });
      },
      [
        'NetworkPolicy/delivery-worker-egress-private: admits TCP 5432, TCP 9092 to every address; name where (ClusterNetwork spec.deliveryWorkerPrivateEgress)',
      ],
    ],
    [
      'the stores admitted in a whole private range, and the metadata service by a wide block',
      (c) => {
        privateEgress(c)[0].to = [
          { ipBlock: { cidr: '10.0.0.0/8' } },
          { ipBlock: { cidr: '169.254.0.0/16', except: ['169.254.0.0/24'] } },
        ];
      },
      [
        "NetworkPolicy/delivery-worker-egress-private: admits TCP 5432, TCP 6379 to every address of 10.0.0.0/8 (ipBlock 10.0.0.0/8); name the stores' own addresses",
        "NetworkPolicy/delivery-worker-egress-private: admits TCP 5432, TCP 6379 to every address of 169.254.169.254/32 (ipBlock 169.254.0.0/16); name the stores' own addresses",
      ],
    ],
    [
      'a worker that may reach the cloud metadata service and private IPv6 addresses',
      (c) => {
        const [receivers] = egress(c);
        receivers.to![0].ipBlock!.except = receivers.to![0].ipBlock!.except!.filter(
          (range) => range !== '169.254.0.0/16',
        );
        receivers.to![1].ipBlock!.except = [];
      },
      [
        'NetworkPolicy/delivery-worker-egress: lets the worker reach 169.254.0.0/16; except it from 0.0.0.0/0',
        'NetworkPolicy/delivery-worker-egress: lets the worker reach fc00::/7; except it from ::/0',
        'NetworkPolicy/delivery-worker-egress: lets the worker reach fe80::/10; except it from ::/0',
        'NetworkPolicy/delivery-worker-egress: lets the worker reach ::1/128; except it from ::/0',
      ],
    ],
    [
      'receivers on port 443 only',
      (c) => {
        egress(c)[0].ports = [{ protocol: 'TCP', port: 443 }];
      },
      [
        'Deployment/delivery-worker: no egress rule lets the worker reach any public address and port',
      ],
    ],
    [
      'an egress rule open to everything',
      (c) => {
        egress(c).push({});
      },
      [
        "NetworkPolicy/delivery-worker-egress: an egress rule without 'to' or ports admits every destination",
      ],
    ],
    [
      'Kafka brokers on a port the worker may not reach, and no DNS',
      (c) => {
        find<IConfigMap>(c, 'ConfigMap', 'gatehouse-config').data!.KAFKA_BROKERS =
          'kafka-0.kafka:9094,kafka-1.kafka:9094';
        egress(c).splice(1, 1);
      },
      [
        "Deployment/delivery-worker: no egress rule lets it resolve names (UDP 53 to the cluster's DNS)",
        'Deployment/delivery-worker: no egress rule lets it reach Kafka (KAFKA_BROKERS) on port 9094',
      ],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(broken(mutate))).toEqual(problems);
  });
});
