import { join } from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { SECRET_NAME, SECRET_VARIABLES } from './gatehouse-manifest-facts';
import { checkPlaceholders, placeholdersOf } from './placeholder-conventions';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';
import { renderKustomization } from './kustomize-renderer';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObject } from './kubernetes-schema-validator';
import { readYamlDocuments } from './yaml-documents';

// k8s/base cannot be applied here (no cluster): it is rendered as kustomize would and every
// object is validated against the Kubernetes schema of its apiVersion and kind.

const BASE = join(__dirname, '..', '..', 'k8s', 'base');
const objects = renderKustomization(BASE);

function deployment(
  name: string,
  from: readonly KubernetesObject[] = objects,
): IDeployment & KubernetesObject {
  const found = from.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
  if (!found) throw new Error(`Deployment/${name} is not in the base`);
  return found as IDeployment & KubernetesObject;
}

/** Every Secret key the objects reference: env secretKeyRef, secret volumes, KEDA secretTargetRef. */
function secretReferences(from: readonly KubernetesObject[]): string[] {
  const found: string[] = [];
  const visit = (value: unknown, parentKey: string): void => {
    if (Array.isArray(value)) value.forEach((item) => visit(item, parentKey));
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      const ref = record.secretKeyRef as { name: string; key: string } | undefined;
      if (ref) found.push(`${ref.name}/${ref.key}`);
      const volume = record.secret as
        { secretName?: string; items?: Array<{ key: string }> } | undefined;
      if (volume?.secretName)
        found.push(
          ...(volume.items ?? [{ key: '*' }]).map((item) => `${volume.secretName}/${item.key}`),
        );
      if (parentKey === 'secretTargetRef')
        found.push(`${String(record.name)}/${String(record.key)}`);
      for (const [key, item] of Object.entries(record)) visit(item, key);
    }
  };
  visit(from, '');
  return [...new Set(found)].sort();
}

/** The Secret keys secret.example.yaml documents, as `name/key`. */
function documentedSecretKeys(): string[] {
  const examples = readYamlDocuments(join(BASE, 'secret.example.yaml')) as KubernetesObject[];
  expect(examples.flatMap(validateKubernetesObject)).toEqual([]);
  return examples
    .flatMap((secret) =>
      Object.keys(secret.stringData as Record<string, string>).map(
        (key) => `${secret.metadata.name}/${key}`,
      ),
    )
    .sort();
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
      'NetworkPolicy/auth-from-ingress-controller',
      'NetworkPolicy/default-deny-ingress',
      'NetworkPolicy/delivery-worker-egress',
      'NetworkPolicy/delivery-worker-egress-private',
      'NetworkPolicy/metrics-from-prometheus',
      'NetworkPolicy/token-exchange-from-access-policy-clients',
      'NetworkPolicy/token-exchange-from-auth',
      'NetworkPolicy/token-exchange-from-delivery-worker',
      'NetworkPolicy/token-exchange-from-ingress-controller',
      'NetworkPolicy/webhook-management-from-event-producers',
      'NetworkPolicy/webhook-management-from-ingress-controller',
      'PodDisruptionBudget/auth',
      'PodDisruptionBudget/delivery-worker',
      'PodDisruptionBudget/token-exchange',
      'PodDisruptionBudget/webhook-management',
      'ScaledObject/delivery-worker',
      'Service/auth',
      'Service/delivery-worker',
      'Service/token-exchange',
      'Service/webhook-management',
      'ServiceAccount/delivery-worker',
      'TriggerAuthentication/delivery-worker-kafka',
    ]);
  });

  it('is namespace-agnostic: no object names a namespace', () => {
    expect(objects.filter((o) => o.metadata.namespace !== undefined)).toEqual([]);
  });

  it('labels every object and pod template with the common labels, and leaves selectors alone', () => {
    const common = {
      'app.kubernetes.io/part-of': 'gatehouse',
      'app.kubernetes.io/managed-by': 'kustomize',
    };
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
  it.each(objects.map((object) => [`${object.kind}/${object.metadata.name}`, object] as const))(
    '%s is valid',
    (_name, object) => {
      expect(validateKubernetesObject(object)).toEqual([]);
    },
  );

  it('declares no field the Kubernetes API does not define', () => {
    expect(findUnknownKubernetesFields(objects)).toEqual([]);
  }, 60_000);

  it('names a value of the wrong type', () => {
    const broken = structuredClone(deployment('auth'));
    (
      broken.spec!.template.spec!.containers[0].ports![0] as { containerPort: unknown }
    ).containerPort = 'http';

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
    (
      broken.spec as { rules: Array<{ http: { paths: Array<{ pathType: string }> } }> }
    ).rules[0].http.paths[0].pathType = 'Prefixed';

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
    const container = broken.spec!.template.spec!.containers[0] as unknown as Record<
      string,
      unknown
    >;
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
  it("references exactly the Secrets and keys secret.example.yaml documents, the services' own in gatehouse-secrets", () => {
    const migrate = renderKustomization(join(BASE, '..', 'migrate'));

    expect(secretReferences([...objects, ...migrate])).toEqual(documentedSecretKeys());
    expect(documentedSecretKeys().filter((key) => key.startsWith(`${SECRET_NAME}/`))).toEqual(
      [...SECRET_VARIABLES]
        .filter((name) => name !== 'GATEHOUSE_KAFKA_PASSWORD')
        .map((name) => `${SECRET_NAME}/${name}`)
        .sort(),
    );
  });
});

describe('k8s/base and k8s/jobs alone', () => {
  const component = readYamlDocuments(
    join(BASE, '..', 'components', 'cluster-network', 'kustomization.yaml'),
  )[0] as {
    replacements: Array<{
      targets: Array<{ select: { kind: string; name: string }; fieldPaths: string[] }>;
    }>;
  };
  const jobs = renderKustomization(join(BASE, '..', 'jobs'));
  const pointer = (fieldPath: string) => `/${fieldPath.split('.').join('/')}`;
  const targets = component.replacements.flatMap((replacement) =>
    replacement.targets.flatMap((target) =>
      target.fieldPaths.map(
        (path) => `${target.select.kind}/${target.select.name} ${pointer(path)}`,
      ),
    ),
  );

  it('leave each field that differs between clusters to the overlay, as a placeholder the API server refuses', () => {
    const placeholders = placeholdersOf([...objects, ...jobs]);
    const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

    expect(
      placeholders.every(
        ({ value }) => !LABEL_VALUE.test(value) && !/^[0-9a-f.:]+\/\d+$/.test(value),
      ),
    ).toBe(true);
    const underTarget = (object: string, path: string) =>
      targets.find((target) => `${object} ${path}`.startsWith(target));
    expect(placeholders.filter(({ object, path }) => !underTarget(object, path))).toEqual([
      {
        object: 'RoleBinding/delivery-worker-jobs',
        path: '/subjects/0/namespace',
        value: "<the services' namespace>",
      },
    ]);
    const present = targets.filter((target) =>
      [...objects, ...jobs].some((o) => target.startsWith(`${o.kind}/${o.metadata.name} `)),
    );
    expect(
      present.filter(
        (target) =>
          !placeholders.some(({ object, path }) => `${object} ${path}`.startsWith(target)),
      ),
    ).toEqual([]);
    expect(present).toHaveLength(targets.length);
  });

  it('name what sets each placeholder', () => {
    expect(
      checkPlaceholders(objects.filter((o) => o.metadata.name === 'metrics-from-prometheus')),
    ).toEqual([
      'NetworkPolicy/metrics-from-prometheus: /spec/ingress/0/from/0/namespaceSelector/matchLabels/kubernetes.io~1metadata.name still holds the placeholder <cluster-network: prometheus>; list the component k8s/components/cluster-network and a ClusterNetwork with spec.prometheus',
      'NetworkPolicy/metrics-from-prometheus: /spec/ingress/0/from/0/podSelector/matchLabels/app.kubernetes.io~1name still holds the placeholder <cluster-network: prometheus>; list the component k8s/components/cluster-network and a ClusterNetwork with spec.prometheus',
    ]);
  });
});
