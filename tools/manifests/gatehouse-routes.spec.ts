import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { controllerRoutesIn } from './controller-routes';
import { GATEHOUSE_SERVICES } from './gatehouse-manifest-facts';
import {
  CONTROLLER_LIBRARIES,
  examplePath,
  exposureOf,
  gatehouseRoutes,
  unimportedControllerSources,
} from './gatehouse-routes';

const ROOT = join(__dirname, '..', '..');

describe('controllerRoutesIn', () => {
  it('joins the controller path with each method path, and reads routes without a path', () => {
    const source = `
      @Controller('api/settings/apps')
      export class AppsController {
        @Get() list() {}
        @Post(':clientId/secret') @HttpCode(201) rotate() {}
        helper() {}
      }
      @Controller()
      export class HealthController { @Get('healthz') live() {} }
      export class NotAController { @Get('ignored') nothing() {} }
    `;

    expect(
      controllerRoutesIn(source, 'apps.controller.ts').map(
        ({ method, path, handler }) => `${method} ${path} ${handler}`,
      ),
    ).toEqual([
      'GET /api/settings/apps AppsController.list',
      'POST /api/settings/apps/:clientId/secret AppsController.rotate',
      'GET /healthz HealthController.live',
    ]);
  });

  it('refuses a path it cannot read instead of missing the route', () => {
    const source = `const BASE = 'api'; @Controller(BASE) export class Dynamic { @Get() list() {} }`;

    expect(() => controllerRoutesIn(source, 'dynamic.controller.ts')).toThrow(
      'dynamic.controller.ts: @Controller of Dynamic: the route path is not a single string literal; the manifest checks cannot read it',
    );
  });
});

describe('route exposure', () => {
  it.each([
    ['/internal/token-exchange', 'internal'],
    ['/internal', 'internal'],
    ['/internalize', 'public'],
    ['/metrics', 'operations'],
    ['/readyz', 'operations'],
    ['/oauth/introspect', 'public'],
    ['/api/organizations/:name/audit-log', 'public'],
  ])('%s is %s', (path, exposure) => {
    expect(exposureOf(path)).toBe(exposure);
  });

  it('fills path parameters with example values', () => {
    expect(examplePath('/api/organizations/:name/settings/token-exchange-apps/:clientId')).toBe(
      '/api/organizations/example-name/settings/token-exchange-apps/example-clientId',
    );
  });
});

describe('the routes of the Gatehouse services, read from their controllers', () => {
  const routes = gatehouseRoutes(ROOT);
  const listed = (exposure: string): string[] =>
    routes
      .filter((route) => route.exposure === exposure)
      .map((route) => `${route.service} ${route.method} ${route.path}`)
      .sort();

  // A new route fails here first: decide whether it is public, then update the Ingress.
  it('finds every public route and the service that answers it', () => {
    expect(listed('public')).toEqual([
      'auth DELETE /api/admin/organizations/:name/members/:user',
      'auth DELETE /api/admin/users/:user',
      'auth DELETE /api/settings/account/second-factors/passkeys/:id',
      'auth DELETE /api/settings/apps/:clientId',
      'auth DELETE /api/settings/apps/:clientId/secret',
      'auth DELETE /api/settings/connected-applications/:clientId',
      'auth DELETE /api/settings/sessions/:id',
      'auth DELETE /api/settings/token-notices/:id',
      'auth DELETE /api/settings/tokens/:id',
      'auth GET /',
      'auth GET /.well-known/oauth-authorization-server',
      'auth GET /.well-known/openid-configuration',
      'auth GET /api/admin/organizations/:name/members',
      'auth GET /api/admin/users',
      'auth GET /api/admin/users/:user',
      'auth GET /api/session',
      'auth GET /api/settings/account',
      'auth GET /api/settings/account/second-factors',
      'auth GET /api/settings/account/security-events',
      'auth GET /api/settings/apps',
      'auth GET /api/settings/apps/:clientId',
      'auth GET /api/settings/connected-applications',
      'auth GET /api/settings/sessions',
      'auth GET /api/settings/token-notices',
      'auth GET /api/settings/tokens',
      'auth GET /api/settings/tokens/:id',
      'auth GET /api/whoami-v2',
      'auth GET /assets/:file',
      'auth GET /oauth/assets/pages.css',
      'auth GET /oauth/assets/passkey.js',
      'auth GET /oauth/authorize',
      'auth GET /oauth/confirm-email',
      'auth GET /oauth/consent',
      'auth GET /oauth/device',
      'auth GET /oauth/device/consent',
      'auth GET /oauth/end-session',
      'auth GET /oauth/forgot-password',
      'auth GET /oauth/jwks',
      'auth GET /oauth/login',
      'auth GET /oauth/login/factor',
      'auth GET /oauth/logout',
      'auth GET /oauth/reset-password',
      'auth GET /oauth/signup',
      'auth GET /oauth/userinfo',
      'auth GET /organizations/:name/settings/*page',
      'auth GET /settings',
      'auth GET /settings/*page',
      'auth PATCH /api/admin/organizations/:name/members/:user',
      'auth PATCH /api/settings/account/second-factors/passkeys/:id',
      'auth PATCH /api/settings/apps/:clientId',
      'auth PATCH /api/settings/tokens/:id',
      'auth POST /api/admin/organizations',
      'auth POST /api/admin/organizations/:name/members',
      'auth POST /api/admin/users',
      'auth POST /api/admin/users/:user/disable',
      'auth POST /api/admin/users/:user/enable',
      'auth POST /api/admin/users/:user/factors/reset',
      'auth POST /api/admin/users/:user/sessions/end',
      'auth POST /api/credentials/revoke',
      'auth POST /api/session/logout',
      'auth POST /api/settings/account/deletion',
      'auth POST /api/settings/account/email',
      'auth POST /api/settings/account/password',
      'auth POST /api/settings/account/second-factors/passkeys',
      'auth POST /api/settings/account/second-factors/passkeys/options',
      'auth POST /api/settings/account/second-factors/recovery-codes',
      'auth POST /api/settings/account/second-factors/totp',
      'auth POST /api/settings/account/second-factors/totp/confirm',
      'auth POST /api/settings/account/second-factors/totp/disable',
      'auth POST /api/settings/apps',
      'auth POST /api/settings/apps/:clientId/secret',
      'auth POST /api/settings/sessions/sign-out-others',
      'auth POST /api/settings/tokens',
      'auth POST /api/settings/tokens/:id/refresh',
      'auth POST /oauth/authorize',
      'auth POST /oauth/confirm-email',
      'auth POST /oauth/confirm-email/resend',
      'auth POST /oauth/consent',
      'auth POST /oauth/device',
      'auth POST /oauth/device/verify',
      'auth POST /oauth/end-session',
      'auth POST /oauth/forgot-password',
      'auth POST /oauth/introspect',
      'auth POST /oauth/login',
      'auth POST /oauth/login/factor',
      'auth POST /oauth/login/passkey',
      'auth POST /oauth/login/passkey/options',
      'auth POST /oauth/logout',
      'auth POST /oauth/reset-password',
      'auth POST /oauth/revoke',
      'auth POST /oauth/signup',
      'auth POST /oauth/token',
      'auth POST /oauth/userinfo',
      'auth PUT /api/admin/users/:user/email-confirmed',
      'token-exchange DELETE /api/organizations/:name/settings/service-accounts/:id',
      'token-exchange DELETE /api/organizations/:name/settings/service-accounts/:id/tokens/:tokenId',
      'token-exchange DELETE /api/organizations/:name/settings/tokens/:tokenId',
      'token-exchange GET /api/organizations/:name/audit-log',
      'token-exchange GET /api/organizations/:name/audit-log/export',
      'token-exchange GET /api/organizations/:name/audit-log/verify',
      'token-exchange GET /api/organizations/:name/settings/service-accounts',
      'token-exchange GET /api/organizations/:name/settings/service-accounts/:id',
      'token-exchange GET /api/organizations/:name/settings/token-exchange-apps',
      'token-exchange GET /api/organizations/:name/settings/token-policy',
      'token-exchange GET /api/organizations/:name/settings/tokens',
      'token-exchange GET /api/organizations/:name/settings/two-factor',
      'token-exchange PATCH /api/organizations/:name/settings/service-accounts/:id',
      'token-exchange POST /api/organizations/:name/settings/service-accounts',
      'token-exchange POST /api/organizations/:name/settings/service-accounts/:id/tokens',
      'token-exchange POST /api/organizations/:name/settings/service-accounts/:id/tokens/:tokenId/rotate',
      'token-exchange POST /api/organizations/:name/settings/token-exchange-apps/:clientId/secret',
      'token-exchange POST /api/organizations/:name/settings/tokens/:tokenId/approve',
      'token-exchange POST /api/organizations/:name/settings/tokens/:tokenId/deny',
      'token-exchange POST /api/organizations/:name/settings/tokens/revoke',
      'token-exchange PUT /api/organizations/:name/settings/token-exchange-apps/:clientId',
      'token-exchange PUT /api/organizations/:name/settings/token-policy',
      'token-exchange PUT /api/organizations/:name/settings/two-factor',
      'webhook-management DELETE /api/settings/webhooks/:id',
      'webhook-management GET /api/settings/webhooks',
      'webhook-management GET /api/settings/webhooks/:id',
      'webhook-management GET /api/settings/webhooks/:id/activity',
      'webhook-management GET /api/settings/webhooks/:id/activity/:deliveryId',
      'webhook-management GET /api/settings/webhooks/:id/activity/replay-failed',
      'webhook-management GET /api/settings/webhooks/:id/health',
      'webhook-management GET /api/settings/webhooks/notices',
      'webhook-management GET /api/settings/webhooks/source-jobs',
      'webhook-management POST /api/settings/webhooks',
      'webhook-management POST /api/settings/webhooks/:id',
      'webhook-management POST /api/settings/webhooks/:id/activity/:deliveryId/replay',
      'webhook-management POST /api/settings/webhooks/:id/activity/replay-failed',
      'webhook-management POST /api/settings/webhooks/:id/disable',
      'webhook-management POST /api/settings/webhooks/:id/enable',
      'webhook-management POST /api/settings/webhooks/:id/rotate-secret',
      'webhook-management POST /api/settings/webhooks/:id/test',
    ]);
  });

  it('finds the internal routes', () => {
    expect(listed('internal')).toEqual([
      'auth POST /internal/invitations',
      'token-exchange POST /internal/authorize',
      'token-exchange POST /internal/job-tokens',
      'token-exchange POST /internal/token-exchange',
      'webhook-management POST /internal/events',
    ]);
  });

  it('gives every service health, readiness and metrics', () => {
    for (const service of ['auth', 'token-exchange', 'webhook-management', 'delivery-worker']) {
      const operations = listed('operations').filter(
        (line) => line.startsWith(`${service} `) && !line.endsWith(' /openapi.json'),
      );
      expect(operations).toEqual([
        `${service} GET /healthz`,
        `${service} GET /metrics`,
        `${service} GET /readyz`,
      ]);
    }
  });

  it('marks public exactly the services that serve a public route', () => {
    const withPublicRoutes = new Set(
      routes.filter((route) => route.exposure === 'public').map((route) => route.service),
    );
    expect(
      GATEHOUSE_SERVICES.filter((service) => service.isPublic).map((service) => service.name),
    ).toEqual([...withPublicRoutes].sort());
  });

  it('maps controllers only to services whose app imports their library', () => {
    expect(unimportedControllerSources(ROOT)).toEqual([]);
  });
});

describe('a controller no service is known to mount', () => {
  it('stops the scan, naming it', () => {
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-routes-'));
    for (const library of CONTROLLER_LIBRARIES) mkdirSync(join(root, library), { recursive: true });
    mkdirSync(join(root, 'libs/feature-delivery/src/retries'));
    writeFileSync(
      join(root, 'libs/feature-delivery/src/retries/retry-admin.controller.ts'),
      "@Controller('internal/retries') export class RetryAdminController { @Post(':id') retry() {} }",
    );

    try {
      expect(() => gatehouseRoutes(root)).toThrow(
        'libs/feature-delivery/src/retries/retry-admin.controller.ts: RetryAdminController.retry (POST /internal/retries/:id) is mounted by no service CONTROLLER_SOURCES knows',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
