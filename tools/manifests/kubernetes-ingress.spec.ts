import { broken, ingressPaths, pathRule, problemsOf } from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';

// The Ingress against the routes the controllers declare (gatehouse-routes.ts).

const WEBHOOK_ROUTES = [
  '/api/settings/webhooks',
  '/api/settings/webhooks/:id',
  '/api/settings/webhooks/:id/activity',
  '/api/settings/webhooks/:id/activity/:deliveryId',
  '/api/settings/webhooks/:id/activity/:deliveryId/replay',
  '/api/settings/webhooks/:id/activity/replay-failed',
  '/api/settings/webhooks/:id/disable',
  '/api/settings/webhooks/:id/enable',
  '/api/settings/webhooks/:id/health',
  '/api/settings/webhooks/:id/rotate-secret',
  '/api/settings/webhooks/:id/test',
  '/api/settings/webhooks/notices',
  '/api/settings/webhooks/source-jobs',
].join(' ');

const ORGANIZATION_ROUTES = [
  '/api/organizations/:name/audit-log',
  '/api/organizations/:name/audit-log/export',
  '/api/organizations/:name/audit-log/verify',
  '/api/organizations/:name/settings/service-accounts',
  '/api/organizations/:name/settings/service-accounts/:id',
  '/api/organizations/:name/settings/service-accounts/:id/tokens',
  '/api/organizations/:name/settings/service-accounts/:id/tokens/:tokenId',
  '/api/organizations/:name/settings/service-accounts/:id/tokens/:tokenId/rotate',
  '/api/organizations/:name/settings/token-exchange-apps',
  '/api/organizations/:name/settings/token-exchange-apps/:clientId',
  '/api/organizations/:name/settings/token-exchange-apps/:clientId/secret',
  '/api/organizations/:name/settings/token-policy',
  '/api/organizations/:name/settings/tokens',
  '/api/organizations/:name/settings/tokens/:tokenId',
  '/api/organizations/:name/settings/tokens/:tokenId/approve',
  '/api/organizations/:name/settings/tokens/:tokenId/deny',
  '/api/organizations/:name/settings/tokens/revoke',
  '/api/organizations/:name/settings/two-factor',
].join(' ');

describe('k8s/base Ingress', () => {
  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
    [
      'an Ingress backend that does not exist',
      (c) => {
        pathRule(c, '/api/settings/webhooks').backend.service!.name = 'webhooks';
      },
      [
        "Ingress/gatehouse: backend Service 'webhooks' does not exist",
        `Ingress/gatehouse: webhook-management routes go to webhooks: ${WEBHOOK_ROUTES}`,
        'Ingress/gatehouse: path /api/settings/webhooks reaches no public route of webhooks',
      ],
    ],
    [
      'the organization admin API left unrouted',
      (c) => {
        const paths = ingressPaths(c);
        paths.splice(paths.indexOf(pathRule(c, '/api/organizations')), 1);
      },
      [`Ingress/gatehouse: token-exchange routes go to no backend: ${ORGANIZATION_ROUTES}`],
    ],
    [
      'the organization admin API sent to auth',
      (c) => {
        pathRule(c, '/api/organizations').backend.service!.name = 'auth';
      },
      [
        `Ingress/gatehouse: token-exchange routes go to auth: ${ORGANIZATION_ROUTES}`,
        'Ingress/gatehouse: path /api/organizations reaches no public route of auth',
      ],
    ],
    [
      '/internal routed to token-exchange',
      (c) => {
        ingressPaths(c).push({
          path: '/internal',
          pathType: 'Prefix',
          backend: { service: { name: 'token-exchange', port: { name: 'http' } } },
        });
      },
      [
        'Ingress/gatehouse: internal routes go to token-exchange: /internal/authorize /internal/events /internal/invitations /internal/job-tokens /internal/token-exchange',
        'Ingress/gatehouse: path /internal is internal; /internal is never public',
        'Ingress/gatehouse: path /internal reaches no public route of token-exchange',
      ],
    ],
    [
      'one internal route exposed by an Exact path',
      (c) => {
        ingressPaths(c).push({
          path: '/internal/events',
          pathType: 'Exact',
          backend: { service: { name: 'webhook-management', port: { name: 'http' } } },
        });
      },
      [
        'Ingress/gatehouse: internal routes go to webhook-management: /internal/events',
        'Ingress/gatehouse: path /internal/events is internal; /internal is never public',
        'Ingress/gatehouse: path /internal/events reaches no public route of webhook-management',
      ],
    ],
    [
      'a catch-all rule',
      (c) => {
        ingressPaths(c).push({
          path: '/',
          pathType: 'Prefix',
          backend: { service: { name: 'auth', port: { name: 'http' } } },
        });
      },
      [
        'Ingress/gatehouse: internal routes go to auth: /internal/authorize /internal/events /internal/invitations /internal/job-tokens /internal/token-exchange',
        'Ingress/gatehouse: operations routes go to auth: /healthz /metrics /openapi.json /readyz',
        'Ingress/gatehouse: path / reaches no public route of auth',
      ],
    ],
    [
      'a page path no controller serves',
      (c) => {
        ingressPaths(c).push({
          path: '/login',
          pathType: 'Prefix',
          backend: { service: { name: 'auth', port: { name: 'http' } } },
        });
      },
      ['Ingress/gatehouse: path /login reaches no public route of auth'],
    ],
    [
      'a public route to the delivery worker',
      (c) => {
        ingressPaths(c).push({
          path: '/deliveries',
          pathType: 'Prefix',
          backend: { service: { name: 'delivery-worker', port: { name: 'http' } } },
        });
      },
      ['Ingress/gatehouse: path /deliveries reaches no public route of delivery-worker'],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(broken(mutate))).toEqual(problems);
  });
});
