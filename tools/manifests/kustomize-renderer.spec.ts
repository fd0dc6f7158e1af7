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
      '/k/nested/config.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: settings }\ndata: { A: "1" }\n',
    });

    const objects = renderKustomization('/k', files);

    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Deployment/web', 'Service/web', 'ConfigMap/settings']);
    const [deployment, service, configMap] = objects;
    const deploymentSpec = (deployment as IDeployment).spec;
    expect(deployment.metadata.labels).toEqual({ app: 'web', 'app.kubernetes.io/part-of': 'shop' });
    expect(deploymentSpec?.template.metadata?.labels).toEqual({ app: 'web', 'app.kubernetes.io/part-of': 'shop' });
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
    ['a field it does not implement', 'resources: [web.yaml]\nnamePrefix: x-\n', '/k/kustomization.yaml: field(s) namePrefix not supported by this renderer'],
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
    ['replicas for a missing workload', 'resources: [web.yaml]\nreplicas: [{ name: api, count: 2 }]\n', "/k/kustomization.yaml: replicas for 'api' match no workload"],
    ['labels on selectors', 'resources: [web.yaml]\nlabels: [{ pairs: { a: b }, includeSelectors: true }]\n', '/k/kustomization.yaml: labels with includeSelectors are not supported by this renderer'],
    ['a missing resource', 'resources: [absent.yaml]\n', "/k: resource 'absent.yaml' does not exist"],
    ['a remote base', 'resources: [https://example.com/base]\n', "/k: resource 'https://example.com/base' must be a relative path (remote bases are not supported)"],
    ['the same object twice', 'resources: [web.yaml, web.yaml]\n', '/k/kustomization.yaml: Deployment/web is declared more than once'],
  ])('fails loudly on %s', (_case, kustomization, message) => {
    const files = inMemoryFiles({ '/k/kustomization.yaml': kustomization, '/k/web.yaml': DEPLOYMENT });

    expect(() => renderKustomization('/k', files)).toThrow(message);
  });

  it('applies JSON 6902 patches by target, then the namespace, images and replicas of an overlay over its base', () => {
    const files = inMemoryFiles({
      '/k/base/kustomization.yaml': 'resources: [web.yaml]\nlabels: [{ pairs: { team: a }, includeTemplates: true }]\n',
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
    expect(deploymentSpec.template.spec!.containers[0]).toEqual({ name: 'web', image: 'registry.example.com/web:2.0', args: ['--serve'] });
    expect(deploymentSpec.template.metadata?.labels).toEqual({ app: 'web', team: 'a' });
    expect((service as IService).spec?.ports).toEqual([{ port: 8080, name: 'http' }]);
    expect([deployment, service, binding].map((o) => o.metadata.namespace)).toEqual(['shop', 'shop', 'shop']);
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'web' },
      { kind: 'ServiceAccount', name: 'default', namespace: 'shop' },
    ]);
  });

  it('replaces an image by digest, and leaves images of other names alone', () => {
    const files = inMemoryFiles({
      '/k/kustomization.yaml': 'resources: [web.yaml]\nimages: [{ name: web, digest: "sha256:abc" }, { name: other, newTag: "9" }]\n',
      '/k/web.yaml': DEPLOYMENT.replace('image: web:1 }', 'image: web:1 }, { name: side, image: "registry.example.com/side:3" }'),
    });

    const [deployment] = renderKustomization('/k', files);

    expect((deployment as IDeployment).spec!.template.spec!.containers.map((c) => c.image)).toEqual(['web@sha256:abc', 'registry.example.com/side:3']);
  });

  it('fails loudly when the directory has no kustomization', () => {
    expect(() => renderKustomization('/empty', inMemoryFiles({}))).toThrow('/empty: no kustomization.yaml');
  });

  it('renders the repository base from disk', () => {
    const objects = renderKustomization(join(__dirname, '..', '..', 'k8s', 'base'));

    expect(objects.length).toBeGreaterThan(0);
    expect(objects.every((object) => object.metadata.labels?.['app.kubernetes.io/part-of'] === 'gatehouse')).toBe(true);
  });
});
