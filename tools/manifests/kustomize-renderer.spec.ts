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
    ['labels on selectors', 'resources: [web.yaml]\nlabels: [{ pairs: { a: b }, includeSelectors: true }]\n', '/k/kustomization.yaml: labels with includeSelectors are not supported by this renderer'],
    ['a missing resource', 'resources: [absent.yaml]\n', "/k: resource 'absent.yaml' does not exist"],
    ['a remote base', 'resources: [https://example.com/base]\n', "/k: resource 'https://example.com/base' must be a relative path (remote bases are not supported)"],
    ['the same object twice', 'resources: [web.yaml, web.yaml]\n', '/k/kustomization.yaml: Deployment/web is declared more than once'],
  ])('fails loudly on %s', (_case, kustomization, message) => {
    const files = inMemoryFiles({ '/k/kustomization.yaml': kustomization, '/k/web.yaml': DEPLOYMENT });

    expect(() => renderKustomization('/k', files)).toThrow(message);
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
