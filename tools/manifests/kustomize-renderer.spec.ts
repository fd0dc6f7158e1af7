import { join } from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IService } from 'kubernetes-models/v1/Service';
import { renderKustomization, type KustomizeFileSystem } from './kustomize-renderer';

function inMemoryFiles(files: Record<string, string>): KustomizeFileSystem {
  return {
    readText(path) {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT: ${path}`);
      return text;
    },
    isDirectory: (path) => Object.keys(files).some((file) => file.startsWith(`${path}/`)),
  };
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: { app: web }
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: web:1 }] }
`;
const SERVICE = `apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: web }, ports: [{ port: 80 }] }
`;

const ROLE_BINDING = `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: { name: web }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: web }
subjects: [{ kind: ServiceAccount, name: web }, { kind: ServiceAccount, name: default }]
`;

describe('renderKustomization', () => {
  it('loads files and nested kustomizations and adds labels to metadata and pod templates, never to selectors', () => {
    const files = inMemoryFiles({
      '/k/kustomization.yaml': `resources: [web.yaml, nested]
labels:
  - pairs: { app.kubernetes.io/part-of: shop }
    includeTemplates: true
`,
      '/k/web.yaml': `${DEPLOYMENT}---\n${SERVICE}`,
      '/k/nested/kustomization.yaml': 'resources: [config.yaml]\n',
      '/k/nested/config.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: settings }\ndata: { A: "1" }\n',
    });

    const objects = renderKustomization('/k', files);

    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Deployment/web',
      'Service/web',
      'ConfigMap/settings',
    ]);
    const [deployment, service, configMap] = objects;
    const deploymentSpec = (deployment as IDeployment).spec;
    expect(deployment.metadata.labels).toEqual({ app: 'web', 'app.kubernetes.io/part-of': 'shop' });
    expect(deploymentSpec?.template.metadata?.labels).toEqual({
      app: 'web',
      'app.kubernetes.io/part-of': 'shop',
    });
    expect(deploymentSpec?.selector).toEqual({ matchLabels: { app: 'web' } });
    expect((service as IService).spec?.selector).toEqual({ app: 'web' });
    expect(service.metadata.labels).toEqual({ 'app.kubernetes.io/part-of': 'shop' });
    expect(configMap.metadata.labels).toEqual({ 'app.kubernetes.io/part-of': 'shop' });
  });

  it('leaves pod templates alone without includeTemplates', () => {
    const files = inMemoryFiles({
      '/k/kustomization.yaml': 'resources: [web.yaml]\nlabels: [{ pairs: { team: a } }]\n',
      '/k/web.yaml': DEPLOYMENT,
    });

    const [deployment] = renderKustomization('/k', files);

    expect(deployment.metadata.labels).toEqual({ app: 'web', team: 'a' });
    expect((deployment as IDeployment).spec?.template.metadata?.labels).toEqual({ app: 'web' });
  });

  it.each([
    [
      'a field it does not implement',
      'resources: [web.yaml]\nnamePrefix: x-\n',
      '/k/kustomization.yaml: field(s) namePrefix not supported by this renderer',
    ],
    [
      'a strategic merge patch',
      'resources: [web.yaml]\npatches: [{ patch: "kind: Deployment\\nmetadata: { name: web }\\nspec: { replicas: 2 }" }]\n',
      '/k/kustomization.yaml: a patch without target is a strategic merge patch, not supported by this renderer',
    ],
    [
      'a patch whose target matches nothing',
      'resources: [web.yaml]\npatches: [{ target: { kind: Service, name: web }, patch: "[{ op: remove, path: /spec }]" }]\n',
      '/k/kustomization.yaml: patch target {"kind":"Service","name":"web"} matches no object',
    ],
    [
      'a patch operation on a path that does not exist',
      'resources: [web.yaml]\npatches: [{ target: { kind: Deployment }, patch: "[{ op: replace, path: /spec/replicas, value: 2 }]" }]\n',
      '/k/kustomization.yaml: patch of Deployment/web failed: Cannot perform the operation at a path that does not exist',
    ],
    [
      'replicas for a missing workload',
      'resources: [web.yaml]\nreplicas: [{ name: api, count: 2 }]\n',
      "/k/kustomization.yaml: replicas for 'api' match no workload",
    ],
    [
      'labels on selectors',
      'resources: [web.yaml]\nlabels: [{ pairs: { a: b }, includeSelectors: true }]\n',
      '/k/kustomization.yaml: labels with includeSelectors are not supported by this renderer',
    ],
    [
      'a missing resource',
      'resources: [absent.yaml]\n',
      "/k: resource 'absent.yaml' does not exist",
    ],
    [
      'a remote base',
      'resources: [https://example.com/base]\n',
      "/k: resource 'https://example.com/base' must be a relative path (remote bases are not supported)",
    ],
    [
      'the same object twice',
      'resources: [web.yaml, web.yaml]\n',
      '/k/kustomization.yaml: Deployment/web is declared more than once',
    ],
  ])('fails loudly on %s', (_case, kustomization, message) => {
    const files = inMemoryFiles({
      '/k/kustomization.yaml': kustomization,
      '/k/web.yaml': DEPLOYMENT,
    });

    expect(() => renderKustomization('/k', files)).toThrow(message);
  });

  it('applies JSON 6902 patches by target, then the namespace, images and replicas of an overlay over its base', () => {
    const files = inMemoryFiles({
      '/k/base/kustomization.yaml':
        'resources: [web.yaml]\nlabels: [{ pairs: { team: a }, includeTemplates: true }]\n',
      '/k/base/web.yaml': `${DEPLOYMENT}---\n${SERVICE}---\n${ROLE_BINDING}`,
      '/k/prod/kustomization.yaml': `resources: [../base]
namespace: shop
images:
  - { name: web, newName: registry.example.com/web, newTag: "2.0" }
replicas:
  - { name: web, count: 3 }
patches:
  - target: { kind: Service, name: web }
    patch: |-
      - op: add
        path: /spec/ports/0/name
        value: http
      - op: replace
        path: /spec/ports/0/port
        value: 8080
  - target: { group: apps, version: v1, kind: Deployment }
    patch: |-
      - op: add
        path: /spec/template/spec/containers/0/args
        value: [--serve]
`,
    });

    const [deployment, service, binding] = renderKustomization('/k/prod', files);
    const deploymentSpec = (deployment as IDeployment).spec!;

    expect(deploymentSpec.replicas).toBe(3);
    expect(deploymentSpec.template.spec!.containers[0]).toEqual({
      name: 'web',
      image: 'registry.example.com/web:2.0',
      args: ['--serve'],
    });
    expect(deploymentSpec.template.metadata?.labels).toEqual({ app: 'web', team: 'a' });
    expect((service as IService).spec?.ports).toEqual([{ port: 8080, name: 'http' }]);
    expect([deployment, service, binding].map((o) => o.metadata.namespace)).toEqual([
      'shop',
      'shop',
      'shop',
    ]);
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'web' },
      { kind: 'ServiceAccount', name: 'default', namespace: 'shop' },
    ]);
  });

  it('replaces an image by digest, and leaves images of other names alone', () => {
    const files = inMemoryFiles({
      '/k/kustomization.yaml':
        'resources: [web.yaml]\nimages: [{ name: web, digest: "sha256:abc" }, { name: other, newTag: "9" }]\n',
      '/k/web.yaml': DEPLOYMENT.replace(
        'image: web:1 }',
        'image: web:1 }, { name: side, image: "registry.example.com/side:3" }',
      ),
    });

    const [deployment] = renderKustomization('/k', files);

    expect((deployment as IDeployment).spec!.template.spec!.containers.map((c) => c.image)).toEqual(
      ['web@sha256:abc', 'registry.example.com/side:3'],
    );
  });

  const POLICY = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: web-from-proxy }
spec:
  podSelector: { matchLabels: { app: web } }
  ingress: [{ from: ["<set by the cluster>"] }]
`;
  const CLUSTER = `apiVersion: example.com/v1
kind: Cluster
metadata:
  name: here
  annotations: { config.kubernetes.io/local-config: "true" }
spec:
  proxy: { namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: traefik } } }
`;
  const COMPONENT = `apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component
replacements:
  - source: { kind: Cluster, name: here, fieldPath: spec.proxy }
    targets:
      - select: { kind: NetworkPolicy, name: web-from-proxy }
        fieldPaths: [spec.ingress.0.from.0]
      - select: { kind: NetworkPolicy, name: absent-here }
        fieldPaths: [spec.ingress.0.from.0]
`;

  it('copies a whole map from a local-config source through a component, and leaves the source out of the output', () => {
    const files = inMemoryFiles({
      '/k/base/kustomization.yaml': 'resources: [policy.yaml]\n',
      '/k/base/policy.yaml': POLICY,
      '/k/cluster/kustomization.yaml': COMPONENT,
      '/k/prod/kustomization.yaml':
        'resources: [../base, cluster.yaml]\ncomponents: [../cluster]\nnamespace: shop\n',
      '/k/prod/cluster.yaml': CLUSTER,
    });

    const objects = renderKustomization('/k/prod', files);

    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'NetworkPolicy/web-from-proxy',
    ]);
    expect((objects[0].spec as { ingress: unknown }).ingress).toEqual([
      {
        from: [
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'traefik' } } },
        ],
      },
    ]);
  });

  it.each([
    [
      'a component whose source is missing',
      { '/k/prod/kustomization.yaml': 'resources: [../base]\ncomponents: [../cluster]\n' },
      '/k/cluster/kustomization.yaml: replacement source Cluster/here selects 0 objects, not one',
    ],
    [
      'a replacement target without the field',
      {
        '/k/base/policy.yaml': POLICY.replace(
          '  ingress: [{ from: ["<set by the cluster>"] }]\n',
          '',
        ),
      },
      '/k/cluster/kustomization.yaml: replacement target NetworkPolicy/web-from-proxy has no field spec.ingress.0.from.0',
    ],
    [
      'a replacement option it does not implement',
      {
        '/k/cluster/kustomization.yaml': COMPONENT.replace(
          'fieldPath: spec.proxy }',
          'fieldPath: spec.proxy, options: { delimiter: "." } }',
        ),
      },
      '/k/cluster/kustomization.yaml: replacement field(s) source.options not supported by this renderer',
    ],
    [
      'a component that sets a namespace',
      { '/k/cluster/kustomization.yaml': `${COMPONENT}namespace: other\n` },
      '/k/cluster/kustomization.yaml: field(s) namespace not supported by this renderer in a Component',
    ],
  ])('fails loudly on %s', (_case, overrides, message) => {
    const files = inMemoryFiles({
      '/k/base/kustomization.yaml': 'resources: [policy.yaml]\n',
      '/k/base/policy.yaml': POLICY,
      '/k/cluster/kustomization.yaml': COMPONENT,
      '/k/prod/kustomization.yaml':
        'resources: [../base, cluster.yaml]\ncomponents: [../cluster]\n',
      '/k/prod/cluster.yaml': CLUSTER,
      ...overrides,
    });

    expect(() => renderKustomization('/k/prod', files)).toThrow(message);
  });

  it('suffixes a Job per release and renames a Namespace object to the namespace', () => {
    const files = inMemoryFiles({
      '/k/kustomization.yaml': 'resources: [job.yaml]\nnamespace: shop\nnameSuffix: -1.2.0\n',
      '/k/job.yaml':
        'apiVersion: batch/v1\nkind: Job\nmetadata: { name: migrate }\n---\napiVersion: v1\nkind: Namespace\nmetadata: { name: placeholder }\n',
    });

    expect(
      renderKustomization('/k', files).map((o) => [o.kind, o.metadata.name, o.metadata.namespace]),
    ).toEqual([
      ['Job', 'migrate-1.2.0', 'shop'],
      ['Namespace', 'shop', undefined],
    ]);
    const renamingAService = inMemoryFiles({
      '/k/kustomization.yaml': 'resources: [web.yaml]\nnameSuffix: -2\n',
      '/k/web.yaml': SERVICE,
    });
    expect(() => renderKustomization('/k', renamingAService)).toThrow(
      'nameSuffix on Service/web: this renderer renames only Job',
    );
  });

  it('fails loudly when the directory has no kustomization', () => {
    expect(() => renderKustomization('/empty', inMemoryFiles({}))).toThrow(
      '/empty: no kustomization.yaml',
    );
  });

  it('renders the repository base from disk', () => {
    const objects = renderKustomization(join(__dirname, '..', '..', 'k8s', 'base'));

    expect(objects.length).toBeGreaterThan(0);
    expect(
      objects.every(
        (object) => object.metadata.labels?.['app.kubernetes.io/part-of'] === 'gatehouse',
      ),
    ).toBe(true);
  });
});
