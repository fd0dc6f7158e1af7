import { Module } from '@nestjs/common';
import { bootstrapService } from '@gatehouse/platform';
import { type RunningService } from '@gatehouse/platform/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETTINGS_APP_CONTENT_SECURITY_POLICY } from './settings-app-headers';
import { SETTINGS_APP_OPTIONS } from './settings-app-options';
import { SettingsAppModule } from './settings-app.module';

const INDEX =
  '<!doctype html><title>Settings</title><script type="module" src="/assets/index-Ab12.js"></script>';

async function serve(directory: string): Promise<RunningService> {
  // The options token reaches the feature module as AuthModule (global) provides it.
  @Module({ imports: [SettingsAppModule] })
  class Root {}
  @Module({
    providers: [{ provide: SETTINGS_APP_OPTIONS, useValue: { directory } }],
    exports: [SETTINGS_APP_OPTIONS],
  })
  class Options {}
  const GlobalOptions = { module: Options, global: true };
  @Module({ imports: [GlobalOptions, Root] })
  class App {}
  return bootstrapService({
    name: 'settings-app-test',
    module: App,
    port: 0,
    host: '127.0.0.1',
    internalToken: 'internal-token-for-settings-app',
    handleProcessSignals: false,
    logLevel: 'silent',
    trustedProxies: ['127.0.0.1/32'],
  });
}

// The built settings app over HTTP, from a fixture of what Vite writes: index.html and hashed assets.
describe('the settings app’s static files', () => {
  const built = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
  let service: RunningService;
  let unbuilt: RunningService;

  beforeAll(async () => {
    mkdirSync(join(built, 'assets'));
    writeFileSync(join(built, 'index.html'), INDEX);
    writeFileSync(join(built, 'assets', 'index-Ab12.js'), 'console.log("settings")');
    writeFileSync(join(built, 'secret.txt'), 'not served');
    service = await serve(built);
    unbuilt = await serve(join(built, 'missing'));
  });

  afterAll(async () => {
    await service?.close();
    await unbuilt?.close();
    rmSync(built, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/settings',
    '/settings/tokens',
    '/settings/webhooks/0123456789abcdef01234567',
    '/organizations/acme/settings/token-exchange',
  ])('answers %s with index.html, never cached, under the strict policy', async (path) => {
    const res = await fetch(`${service.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toBe(SETTINGS_APP_CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(INDEX);
  });

  it('keeps the policy free of inline code and framing', () => {
    expect(SETTINGS_APP_CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(SETTINGS_APP_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('loads images only from its own origin and data: URLs (it shows no remote image)', () => {
    expect(
      SETTINGS_APP_CONTENT_SECURITY_POLICY.split('; ').filter((directive) =>
        directive.startsWith('img-src'),
      ),
    ).toEqual(["img-src 'self' data:"]);
  });

  it.each([
    [
      'over https (as the gateway, a trusted proxy, forwards it)',
      { 'X-Forwarded-Proto': 'https' },
      'max-age=31536000',
    ],
    ['over plain http (the all-in-one on loopback)', {}, null],
  ])(
    'is served %s with the matching Strict-Transport-Security',
    async (_case, headers, expected) => {
      const res = await fetch(`${service.url}/settings`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toBe(expected);
    },
  );

  it('serves a hashed asset cached for a year', async () => {
    const res = await fetch(`${service.url}/assets/index-Ab12.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("settings")');
  });

  it.each(['/assets/missing.js', '/assets/..%2Fsecret.txt', '/assets/.env', '/secret.txt'])(
    'answers 404 for %s, never a file outside assets',
    async (path) => {
      const res = await fetch(`${service.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('not served');
    },
  );

  it('answers 503 naming the build command when the app is not built', async () => {
    const res = await fetch(`${unbuilt.url}/settings/tokens`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.text()).toContain('npm run build');
  });
});
