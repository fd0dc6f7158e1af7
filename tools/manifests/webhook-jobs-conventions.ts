import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { checkPublicEgress, type OwnedRule } from './delivery-worker-egress-conventions';
import { CONFIG_MAP_NAME } from './gatehouse-manifest-facts';
import { literalEnvValue, objectsOfKind } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// The namespace Job webhooks run in (k8s/jobs): the code in it is the webhook owners', so nothing
// may connect to its pods, they may connect only to the public internet and DNS, they get no
// service-account token, Pod Security refuses privileged pods there, and it is the namespace the
// delivery worker creates its Jobs in, apart from the services. (Who may create them:
// kubernetes-access-conventions.ts.)

export const JOB_NAMESPACE_VARIABLE = 'GATEHOUSE_KUBERNETES_JOB_NAMESPACE';
const ENFORCE_LABEL = 'pod-security.kubernetes.io/enforce';
const isEverySelector = (policy: INetworkPolicy): boolean =>
  Object.keys(policy.spec?.podSelector.matchLabels ?? {}).length === 0 &&
  (policy.spec?.podSelector.matchExpressions ?? []).length === 0;

/** The namespace the delivery worker's Kubernetes launcher creates Jobs in, as the services' rendering configures it. */
export function configuredJobNamespace(services: readonly KubernetesObject[]): string | undefined {
  const worker = objectsOfKind<IDeployment>(services, 'Deployment').find(
    (d) => d.metadata.name === 'delivery-worker',
  );
  const [container] = worker?.spec?.template.spec?.containers ?? [];
  const explicit = container ? literalEnvValue(container, JOB_NAMESPACE_VARIABLE) : undefined;
  const configMap = objectsOfKind<IConfigMap>(services, 'ConfigMap').find(
    (c) => c.metadata.name === CONFIG_MAP_NAME,
  );
  return explicit ?? configMap?.data?.[JOB_NAMESPACE_VARIABLE];
}

function checkNamespace(
  jobs: readonly KubernetesObject[],
  services: readonly KubernetesObject[],
): string[] {
  const namespaces = objectsOfKind<INamespace>(jobs, 'Namespace');
  if (namespaces.length !== 1)
    return [`Namespace: the Job namespace must be declared once, found ${namespaces.length}`];
  const [namespace] = namespaces;
  const problems: string[] = [];
  const enforced = namespace.metadata?.labels?.[ENFORCE_LABEL];
  if (enforced !== 'baseline' && enforced !== 'restricted')
    problems.push(
      `${describeObject(namespace)}: must enforce Pod Security baseline or restricted (${ENFORCE_LABEL})`,
    );
  const configured = configuredJobNamespace(services);
  const servicesNamespace = services.find((o) => o.kind === 'Deployment')?.metadata.namespace;
  if (configured === undefined)
    problems.push(
      `Deployment/delivery-worker: ${JOB_NAMESPACE_VARIABLE} is not set, so Jobs would run beside the services`,
    );
  else if (servicesNamespace !== undefined && configured === servicesNamespace)
    problems.push(
      `ConfigMap/${CONFIG_MAP_NAME}: ${JOB_NAMESPACE_VARIABLE} is the services' own namespace '${configured}'`,
    );
  else if (servicesNamespace !== undefined && configured !== namespace.metadata.name) {
    problems.push(
      `ConfigMap/${CONFIG_MAP_NAME}: ${JOB_NAMESPACE_VARIABLE} is '${configured}', but the Job namespace is '${namespace.metadata.name}'`,
    );
  }
  const account = objectsOfKind<IServiceAccount>(jobs, 'ServiceAccount').find(
    (a) => a.metadata.name === 'default',
  );
  if (account?.automountServiceAccountToken !== false)
    problems.push(
      'ServiceAccount/default: Job pods run as it; set automountServiceAccountToken: false',
    );
  return problems;
}

function checkIsolation(jobs: readonly KubernetesObject[]): string[] {
  const policies = objectsOfKind<INetworkPolicy>(jobs, 'NetworkPolicy');
  const everyPod = policies.filter(isEverySelector);
  const problems: string[] = [];
  for (const policy of policies.filter((p) => (p.spec?.ingress ?? []).length > 0))
    problems.push(`${describeObject(policy)}: admits connections to Job pods; nothing may`);
  if (!everyPod.some((policy) => (policy.spec?.policyTypes ?? []).includes('Ingress')))
    problems.push('NetworkPolicy: none denies ingress to every pod of the Job namespace');
  const egressPolicies = everyPod.filter((policy) =>
    (policy.spec?.policyTypes ?? []).includes('Egress'),
  );
  const namespace = `Namespace/${jobs.find((o) => o.kind === 'Namespace')?.metadata.name ?? '(Job namespace)'}`;
  if (egressPolicies.length === 0)
    return [...problems, `NetworkPolicy: none limits the egress of every pod of ${namespace}`];
  const rules: OwnedRule[] = egressPolicies.flatMap((policy) =>
    (policy.spec?.egress ?? []).map((rule) => ({ policy: describeObject(policy), rule })),
  );
  problems.push(...checkPublicEgress(rules, 'Job pods', namespace));
  const isDns = (port: { port?: number | string }) => port.port === 53;
  for (const { policy, rule } of rules.filter(({ rule: r }) => (r.ports ?? []).length > 0)) {
    const others = (rule.ports ?? []).filter((port) => !isDns(port));
    if (others.length > 0)
      problems.push(
        `${policy}: lets Job pods reach port(s) ${others.map((p) => String(p.port)).join(', ')} beyond the public internet; only DNS may be private`,
      );
    else if ((rule.to ?? []).length === 0)
      problems.push(
        `${policy}: lets Job pods reach port 53 at every address; name the cluster's DNS`,
      );
  }
  if (
    !rules.some(
      ({ rule }) =>
        (rule.ports ?? []).some((p) => isDns(p) && p.protocol === 'UDP') &&
        (rule.to ?? []).length > 0,
    )
  ) {
    problems.push(
      `${namespace}: no egress rule lets Job pods resolve names (UDP 53 to the cluster's DNS)`,
    );
  }
  return problems;
}

/** Problems of the Job namespace (`jobs`) beside the services' rendering; empty when all hold. */
export function checkWebhookJobsConventions(
  jobs: readonly KubernetesObject[],
  services: readonly KubernetesObject[],
): string[] {
  return [...checkNamespace(jobs, services), ...checkIsolation(jobs)];
}
