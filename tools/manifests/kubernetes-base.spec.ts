import { join } from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { SECRET_NAME, SECRET_VARIABLES } from './gatehouse-manifest-facts';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';
import { renderKustomization } from './kustomize-renderer';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObject } from './kubernetes-schema-validator';
import { readYamlDocuments } from './yaml-documents';

// k8s/base cannot be applied here (no cluster): it is rendered as kustomize would and every
// object is validated against the Kubernetes schema of its apiVersion and kind.

const BASE = join(__dirname, '..', '..', 'k8s', 'base');
const objects = renderKustomization(BASE);

function deployment(name: string, from: readonly KubernetesObject[] = objects): IDeployment & KubernetesObject {
  const found = from.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
  if (!found) throw new Error(`Deployment/${name} is not in the base`);
  return found as IDeployment & KubernetesObject;
}

function secretKeyReferences(): Array<{ name: string; key: string }> {
  const found: Array<{ name: string; key: string }> = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      const ref = record.secretKeyRef as { name: string; key: string } | undefined;
      if (ref) found.push({ name: ref.name, key: ref.key });
      Object.values(record).forEach(visit);
    }
  };
  visit(objects);
  return found;
}

describe('k8s/base rendering', () => {
  it('holds every object the platform applies, and no Secret', () => {
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'ConfigMap/gatehouse-config',
      'Deployment/auth',
      'Deployment/delivery-worker',
      'Deployment/token-exchange',
      'Deployment/webhook-management',
      'HorizontalPodAutoscaler/auth',
      'HorizontalPodAutoscaler/token-exchange',
      'Ingress/gatehouse',
      'Job/gatehouse-migrate',
      'NetworkPolicy/auth-from-ingress-controller',
      'NetworkPolicy/default-deny-ingress',
      'NetworkPolicy/delivery-worker-egress',
      'NetworkPolicy/metrics-from-prometheus',
      'NetworkPolicy/token-exchange-from-access-policy-clients',
      'NetworkPolicy/token-exchange-from-auth',
      'NetworkPolicy/token-exchange-from-ingress-controller',
      'NetworkPolicy/webhook-management-from-event-producers',
      'NetworkPolicy/webhook-management-from-ingress-controller',
      'PodDisruptionBudget/auth',
      'PodDisruptionBudget/delivery-worker',
      'PodDisruptionBudget/token-exchange',
      'PodDisruptionBudget/webhook-management',
      'Role/delivery-worker-jobs',
      'RoleBinding/delivery-worker-jobs',
      'ScaledObject/delivery-worker',
      'Service/auth',
      'Service/delivery-worker',
      'Service/token-exchange',
      'Service/webhook-management',
      'ServiceAccount/delivery-worker',
    ]);
  });

  it('is namespace-agnostic: no object names a namespace', () => {
    expect(objects.filter((o) => o.metadata.namespace !== undefined)).toEqual([]);
  });

  it('labels every object and pod template with the common labels, and leaves selectors alone', () => {
    const common = { 'app.kubernetes.io/part-of': 'gatehouse', 'app.kubernetes.io/managed-by': 'kustomize' };
    for (const object of objects) expect(object.metadata.labels).toMatchObject(common);
    const auth = deployment('auth');
    expect(auth.spec?.template.metadata?.labels).toMatchObject(common);
    expect(auth.spec?.selector.matchLabels).toEqual({
      'app.kubernetes.io/name': 'gatehouse',
      'app.kubernetes.io/component': 'auth',
    });
  });
});

describe('k8s/base against the Kubernetes schemas (kubernetes-models)', () => {
  it.each(objects.map((object) => [`${object.kind}/${object.metadata.name}`, object] as const))('%s is valid', (_name, object) => {
    expect(validateKubernetesObject(object)).toEqual([]);
  });

  it('declares no field the Kubernetes API does not define', () => {
    expect(findUnknownKubernetesFields(objects)).toEqual([]);
  }, 60_000);

  it('names a value of the wrong type', () => {
    const broken = structuredClone(deployment('auth'));
    (broken.spec!.template.spec!.containers[0].ports![0] as { containerPort: unknown }).containerPort = 'http';

    expect(validateKubernetesObject(broken)).toEqual([
      'Deployment/auth: /spec/template/spec/containers/0/ports/0/containerPort must be integer',
    ]);
  });

  it('names a missing required field', () => {
    const broken = structuredClone(deployment('webhook-management'));
    delete (broken.spec as { selector?: unknown }).selector;

    expect(validateKubernetesObject(broken)).toEqual([
      'Deployment/webhook-management: /spec must have required property selector',
    ]);
  });

  it('names a value outside its enumeration', () => {
    const broken = structuredClone(objects.find((o) => o.kind === 'Ingress') as KubernetesObject);
    (broken.spec as { rules: Array<{ http: { paths: Array<{ pathType: string }> } }> }).rules[0].http.paths[0].pathType = 'Prefixed';

    expect(validateKubernetesObject(broken)).toEqual([
      'Ingress/gatehouse: /spec/rules/0/http/paths/0/pathType must be one of Exact, ImplementationSpecific, Prefix',
    ]);
  });

  it('refuses an apiVersion that has no schema', () => {
    const broken = { ...structuredClone(deployment('auth')), apiVersion: 'extensions/v1beta7' };

    expect(validateKubernetesObject(broken)).toEqual([
      "Deployment/auth: no Kubernetes schema for apiVersion 'extensions/v1beta7' kind 'Deployment'",
    ]);
  });

  it('names every misspelt field, with its path', () => {
    const broken = structuredClone(deployment('token-exchange'));
    const container = broken.spec!.template.spec!.containers[0] as unknown as Record<string, unknown>;
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    (container.securityContext as Record<string, unknown>).readOnlyRootFileSystem = true;

    expect(findUnknownKubernetesFields([broken])).toEqual([
      'Deployment/token-exchange: /spec/template/spec/containers/0/readinesProbe is not a field of apps/v1 Deployment',
      'Deployment/token-exchange: /spec/template/spec/containers/0/securityContext/readOnlyRootFileSystem is not a field of apps/v1 Deployment',
    ]);
  }, 60_000);
});

describe('k8s secrets', () => {
  it('references only the keys of gatehouse-secrets that secret.example.yaml documents', () => {
    const [example] = readYamlDocuments(join(BASE, 'secret.example.yaml')) as KubernetesObject[];
    const documentedKeys = Object.keys(example.stringData as Record<string, string>).sort();

    expect(validateKubernetesObject(example)).toEqual([]);
    expect(example.metadata.name).toBe(SECRET_NAME);
    expect(documentedKeys).toEqual([...SECRET_VARIABLES].sort());
    const referenced = secretKeyReferences();
    expect(referenced.length).toBeGreaterThan(0);
    for (const reference of referenced) {
      expect(reference.name).toBe(SECRET_NAME);
      expect(documentedKeys).toContain(reference.key);
    }
  });
});
