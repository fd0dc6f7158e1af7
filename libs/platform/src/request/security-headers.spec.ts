import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServiceApp } from '../bootstrap/create-service-app';
import { CapturedLog } from '../testing/captured-log';
import { ProbeModule } from '../testing/probe.module';

// The platform's pipeline on a loopback port, as the services and the all-in-one serve it; the
// gateway and the Ingress say https with X-Forwarded-Proto, believed only from a trusted proxy
// (GATEHOUSE_TRUSTED_PROXIES, which also sets Express's `trust proxy`).
describe('security headers', () => {
  const apps: NestExpressApplication[] = [];

  async function serve(trustedProxies?: readonly string[]): Promise<string> {
    const app = await createServiceApp({
      name: 'probe',
      module: ProbeModule,
      logDestination: new CapturedLog(),
      trustedProxies,
    });
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  }

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  describe('behind a trusted proxy (the gateway on loopback)', () => {
    let url: string;
    beforeAll(async () => {
      url = await serve(['127.0.0.1/32']);
    });

    it.each([
      ['https forwarded by the proxy', { 'X-Forwarded-Proto': 'https' }, 'max-age=31536000'],
      ['plain http, as the all-in-one serves loopback', {}, null],
      ['http forwarded by the proxy', { 'X-Forwarded-Proto': 'http' }, null],
    ])('Strict-Transport-Security on %s', async (_case, headers, expected) => {
      for (const path of ['/healthz', '/nowhere']) {
        const res = await fetch(`${url}${path}`, { headers });
        expect(res.headers.get('strict-transport-security')).toBe(expected);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
      }
    });
  });

  it('believes X-Forwarded-Proto only from a trusted proxy: none by default', async () => {
    const url = await serve();
    const res = await fetch(`${url}/healthz`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
