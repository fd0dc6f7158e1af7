import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { examplePath, gatehouseRoutes } from '../manifests/gatehouse-routes';
import {
  GATEWAY_ROUTES_FILE,
  gatewayRoutesConf,
  routePattern,
  upstreamName,
} from './gateway-routes';

const root = join(__dirname, '../..');
const routes = gatehouseRoutes(root);
const conf = gatewayRoutesConf(routes);

/** The service whose location block matches a path, as nginx would pick it (first regex that matches). */
function routedTo(path: string): string | null {
  for (const block of conf.matchAll(
    /location ~ (\^\(\?:.*\)\$) \{\n {2}proxy_pass http:\/\/([a-z_]+);/g,
  )) {
    if (new RegExp(block[1]!).test(path)) return block[2]!;
  }
  return null;
}

describe('the gateway routes (deploy/gateway/routes.conf)', () => {
  it('are what the controllers declare today: run `npm run gateway:routes` after adding a route', () => {
    expect(readFileSync(join(root, GATEWAY_ROUTES_FILE), 'utf8')).toBe(conf);
  });

  it.each(
    routes
      .filter((route) => route.exposure === 'public')
      .map((route) => [`${route.method} ${route.path}`, route] as const),
  )('send %s to its service', (_name, route) => {
    expect(routedTo(examplePath(route.path).replace('*page', 'a/page'))).toBe(
      upstreamName(route.service),
    );
  });

  it.each([
    '/internal/events',
    '/internal/token-exchange',
    '/internal/authorize',
    '/healthz',
    '/readyz',
    '/metrics',
    '/api/settings',
    '/nothing-here',
  ])('never route %s', (path) => {
    expect(routedTo(path)).toBeNull();
  });

  it("hand the services the address nginx saw as X-Forwarded-For, never the client's own header", () => {
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('turn a route path into a pattern: one segment per parameter, the rest for a trailing one or a wildcard', () => {
    expect(routePattern('/api/settings/webhooks/:id/activity/:deliveryId')).toBe(
      '/api/settings/webhooks/[^/]+/activity/.+',
    );
    expect(routePattern('/organizations/:name/settings/*page')).toBe(
      '/organizations/[^/]+/settings/.+',
    );
    expect(routePattern('/.well-known/openid-configuration')).toBe(
      '/\\.well-known/openid-configuration',
    );
    expect(routePattern('/')).toBe('/');
  });
});
