import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { routeIngressPath, winningIngressPath } from './ingress-routing';

function ingressWith(
  paths: Array<{ path: string; pathType: 'Prefix' | 'Exact'; service: string }>,
): IIngress {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'test' },
    spec: {
      rules: [
        {
          http: {
            paths: paths.map(({ path, pathType, service }) => ({
              path,
              pathType,
              backend: { service: { name: service, port: { number: 80 } } },
            })),
          },
        },
      ],
    },
  };
}

const routedTo = (ingress: IIngress, path: string): string | undefined =>
  routeIngressPath(ingress, path)?.service?.name;

describe('routeIngressPath', () => {
  const ingress = ingressWith([
    { path: '/api', pathType: 'Prefix', service: 'api' },
    { path: '/api/settings/webhooks', pathType: 'Prefix', service: 'webhooks' },
    { path: '/api/whoami', pathType: 'Exact', service: 'whoami' },
    { path: '/docs/', pathType: 'Prefix', service: 'docs' },
  ]);

  it.each([
    ['/api', 'api'],
    ['/api/models', 'api'],
    ['/api/settings/webhooks', 'webhooks'],
    ['/api/settings/webhooks/42/enable', 'webhooks'],
    ['/api/whoami', 'whoami'],
    ['/api/whoami/extra', 'api'],
    ['/docs', 'docs'],
    ['/docs/intro', 'docs'],
  ])('sends %s to %s (longest match, whole path elements)', (path, service) => {
    expect(routedTo(ingress, path)).toBe(service);
  });

  it.each(['/apis', '/api-docs', '/', '/internal/token-exchange'])('does not route %s', (path) => {
    expect(routedTo(ingress, path)).toBeUndefined();
  });

  it('names the winning path rule, and none when only a default backend answers', () => {
    expect(winningIngressPath(ingress, '/api/settings/webhooks/42')?.path).toBe(
      '/api/settings/webhooks',
    );
    const withDefault: IIngress = {
      ...ingress,
      spec: {
        ...ingress.spec,
        defaultBackend: { service: { name: 'fallback', port: { number: 80 } } },
      },
    };
    expect(winningIngressPath(withDefault, '/elsewhere')).toBeUndefined();
    expect(routedTo(withDefault, '/elsewhere')).toBe('fallback');
  });
});
