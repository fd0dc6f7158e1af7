import { GATEHOUSE_SERVICES, type GatehouseServiceName } from './gatehouse-manifest-facts';

// Who must be able to connect to each Gatehouse service, and the NetworkPolicy that admits each
// caller (k8s/base/network-policy.yaml). Everything else is denied by default.

export interface ExpectedCaller {
  /** The NetworkPolicy that admits this caller. */
  policy: string;
  service: GatehouseServiceName;
  caller: string;
  purpose: string;
  /** A Gatehouse service of the same namespace, or pods of other namespaces picked by labels. */
  from: { service: GatehouseServiceName } | 'other-namespaces';
}

export const EXPECTED_CALLERS: readonly ExpectedCaller[] = [
  ...GATEHOUSE_SERVICES.filter((service) => service.isPublic).map((service): ExpectedCaller => ({
    policy: `${service.name}-from-ingress-controller`,
    service: service.name,
    caller: 'the ingress controller',
    purpose: 'its public routes',
    from: 'other-namespaces',
  })),
  {
    policy: 'token-exchange-from-auth',
    service: 'token-exchange',
    caller: 'auth',
    purpose: 'POST /internal/token-exchange',
    from: { service: 'auth' },
  },
  {
    policy: 'token-exchange-from-delivery-worker',
    service: 'token-exchange',
    caller: 'delivery-worker',
    purpose: 'POST /internal/job-tokens',
    from: { service: 'delivery-worker' },
  },
  {
    policy: 'token-exchange-from-access-policy-clients',
    service: 'token-exchange',
    caller: 'the platform services',
    purpose: 'POST /internal/authorize',
    from: 'other-namespaces',
  },
  {
    policy: 'webhook-management-from-event-producers',
    service: 'webhook-management',
    caller: 'the repo services',
    purpose: 'POST /internal/events',
    from: 'other-namespaces',
  },
  ...GATEHOUSE_SERVICES.map((service): ExpectedCaller => ({
    policy: 'metrics-from-prometheus',
    service: service.name,
    caller: 'Prometheus',
    purpose: '/metrics',
    from: 'other-namespaces',
  })),
];
