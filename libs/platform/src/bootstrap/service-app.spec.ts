import { waitUntil } from '@gatehouse/testing';
import { CapturedLog } from '../testing/captured-log';
import { HeldRequests } from '../testing/probe.controller';
import { ProbeModule } from '../testing/probe.module';
import { ReadinessRegistry } from '../health/readiness-registry';
import { InFlightRequests } from '../request/in-flight-requests';
import { bootstrapService, RunningService } from './service-bootstrap';

// The whole HTTP pipeline in-process on a loopback port: no external server is involved.
describe('a service built by the platform', () => {
  const log = new CapturedLog();
  let service: RunningService;

  beforeAll(async () => {
    service = await bootstrapService({
      name: 'probe',
      module: ProbeModule,
      port: 0,
      host: '127.0.0.1',
      logDestination: log,
      logLevel: 'debug',
      internalToken: 'internal-s3cret-token',
      internalTokenAccepted: 'internal-previous-token',
      readinessTimeoutMs: 100,
      handleProcessSignals: false,
      shutdownGraceMs: 1000,
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  const call = (path: string, init?: RequestInit) => fetch(`${service.url}${path}`, init);
  const heldRequests = () => service.app.get(HeldRequests);
  const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it('logs one listening line with its URL', () => {
    expect(log.entries.find((entry) => entry.msg === 'listening')).toMatchObject({
      service: 'probe',
      url: service.url,
    });
  });

  it('answers /healthz', async () => {
    const res = await call('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('sets the security headers on every response, errors included', async () => {
    for (const path of ['/healthz', '/nowhere']) {
      const res = await call(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  describe('request ids', () => {
    it('echoes the caller id', async () => {
      const res = await call('/healthz', { headers: { 'X-Request-Id': 'abc-123' } });
      expect(res.headers.get('x-request-id')).toBe('abc-123');
    });

    it('replaces an unsafe id with a fresh one', async () => {
      const res = await call('/healthz', { headers: { 'X-Request-Id': 'x'.repeat(200) } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('stamps the lines a handler logs, on a request without a body and on one with a parsed body', async () => {
      const held = call('/api/held', { headers: { 'X-Request-Id': 'ctx-get' } });
      await waitUntil('the request to be held', () => heldRequests().count === 1, {
        intervalMs: 10,
      });
      heldRequests().releaseAll();
      expect((await held).status).toBe(200);
      const parsed = await postJson('/api/notes', '{"text":"hi"}', { 'X-Request-Id': 'ctx-json' });
      expect(await parsed.json()).toEqual({ parsed: { text: 'hi' } });
      await call('/api/notes', {
        method: 'POST',
        body: 'text=hi',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Request-Id': 'ctx-form',
        },
      });
      expect(log.entries.find((entry) => entry.msg === 'request held')).toMatchObject({
        requestId: 'ctx-get',
      });
      expect(
        log.entries
          .filter((entry) => entry.msg === 'note received')
          .map((entry) => entry.requestId),
      ).toEqual(['ctx-json', 'ctx-form']);
    });
  });

  describe('readiness', () => {
    it('runs the registered checks', async () => {
      const registry = service.app.get(ReadinessRegistry);
      registry.register({ name: 'probe-ok', check: async () => undefined });
      const res = await call('/readyz');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', checks: { 'probe-ok': 'ok' } });
    });

    it('answers 503 naming the check that hangs', async () => {
      const registry = service.app.get(ReadinessRegistry);
      registry.register({ name: 'probe-hanging', check: () => new Promise<void>(() => undefined) });
      const res = await call('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'not_ready',
        checks: { 'probe-ok': 'ok', 'probe-hanging': 'timed out after 100 ms' },
      });
    });
  });

  describe('bodies', () => {
    it('parses JSON and keeps the raw bytes', async () => {
      const res = await postJson('/api/raw', '{"a": 1}');
      expect(await res.json()).toEqual({ rawLength: 8, parsed: { a: 1 } });
    });

    it('parses forms', async () => {
      const res = await call('/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=abc',
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ grant_type: 'authorization_code' });
    });

    it('answers malformed JSON on an API route with 400 in the API shape', async () => {
      const res = await postJson('/api/items', '{"name": ');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'The request body could not be parsed' });
      expect(res.headers.get('x-error-message')).toBe('The request body could not be parsed');
    });

    it('answers malformed JSON on an OAuth route with invalid_request', async () => {
      const res = await postJson('/oauth/token', '{oops');
      expect(res.status).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        error_description: 'The request body could not be parsed',
      });
    });

    it('answers a body over 1 MB with 413', async () => {
      const res = await postJson(
        '/api/items',
        JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
      );
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: 'The request body is too large' });
    });

    it('answers an unsupported charset with 415', async () => {
      const res = await call('/api/items', {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json; charset=klingon' },
      });
      expect(res.status).toBe(415);
    });
  });

  describe('validation', () => {
    it('names the field in the API shape', async () => {
      const res = await postJson('/api/items', JSON.stringify({ name: 'n', tags: [1] }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string };
      expect(body.error).toMatch(/^Invalid "tags\.0": /);
      expect(res.headers.get('x-error-message')).toBe(body.error);
    });

    it('names the parameter in the OAuth shape', async () => {
      const res = await postJson('/oauth/token', '{}');
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, string>;
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toMatch(/^Invalid "grant_type": /);
    });

    it('passes parsed values through', async () => {
      const res = await postJson('/api/items', JSON.stringify({ name: 'n' }));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ name: 'n', tags: [] });
    });
  });

  describe('errors', () => {
    it('answers an unexpected error with a generic 500 and logs it with the request id', async () => {
      const res = await call('/api/crash', { headers: { 'X-Request-Id': 'crash-1' } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).toBe('{"error":"Internal Server Error"}');
      const logged = log.entries.find(
        (entry) => entry.msg === 'request failed' && entry.requestId === 'crash-1',
      );
      expect(logged).toMatchObject({
        level: 'error',
        status: 500,
        err: { message: 'database password hunter2 rejected' },
      });
    });

    it('answers an async failure the same way', async () => {
      const res = await call('/api/async-crash');
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('secretKey');
    });

    it('answers an unexpected error on an OAuth route as server_error', async () => {
      const res = await call('/oauth/crash');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: 'server_error',
        error_description: 'Internal Server Error',
      });
    });

    it('challenges a client that tried Basic authentication', async () => {
      const res = await call('/oauth/client-auth', {
        method: 'POST',
        headers: { Authorization: 'Basic Zm9vOmJhcg==' },
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="gatehouse"');
      expect(await res.json()).toEqual({
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
    });

    it('sets Retry-After for a rate-limited call', async () => {
      const res = await call('/api/limited');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('x-error-message')).toBe('Too many requests');
    });

    it('answers an unknown route with 404', async () => {
      const res = await call('/nowhere?access_token=abc');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Cannot GET /nowhere' });
    });

    it('answers a path parameter with broken percent-encoding with 400', async () => {
      const res = await call('/api/things/%E0%A4%A');
      expect(res.status).toBe(400);
      expect(res.headers.get('x-error-message')).toBeTruthy();
    });

    it('answers a JSON body that is not an object or array with 400', async () => {
      const res = await postJson('/api/items', '"just a string"');
      expect(res.status).toBe(400);
    });

    it('answers a known path with the wrong method with 405 and Allow', async () => {
      const res = await call('/api/items', { method: 'DELETE' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    });
  });

  describe('internal routes', () => {
    it('refuse a call without the token', async () => {
      const res = await call('/internal/ping');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid or missing internal service token' });
    });

    it('refuse a wrong token', async () => {
      const res = await call('/internal/ping', {
        headers: { Authorization: 'Bearer internal-s3cret-tokeX' },
      });
      expect(res.status).toBe(401);
    });

    it('refuse a differently spelled path', async () => {
      const res = await call('/INTERNAL/ping');
      expect(res.status).toBe(401);
    });

    it('admit the right token', async () => {
      const res = await call('/internal/ping', {
        headers: { Authorization: 'Bearer internal-s3cret-token' },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ pong: true });
    });

    it('admit the other accepted token during a rotation (GATEHOUSE_INTERNAL_TOKEN_ACCEPTED)', async () => {
      const res = await call('/internal/ping', {
        headers: { Authorization: 'Bearer internal-previous-token' },
      });
      expect(res.status).toBe(200);
    });
  });

  describe('observability', () => {
    it('logs one access line per request without query string or credentials', async () => {
      await call('/api/items?token=qs-secret', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer hdr-secret',
          Cookie: 'session=cookie-secret',
          'Content-Type': 'application/json',
          'X-Request-Id': 'access-1',
        },
        body: JSON.stringify({ name: 'body-secret' }),
      });
      const lines = log.entries.filter(
        (entry) => entry.msg === 'request' && entry.requestId === 'access-1',
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 'info',
        method: 'POST',
        path: '/api/items',
        route: '/api/items',
        status: 201,
      });
      expect(typeof lines[0]!.durationMs).toBe('number');
      for (const secret of ['qs-secret', 'hdr-secret', 'cookie-secret', 'body-secret'])
        expect(log.text).not.toContain(secret);
    });

    it('logs and counts a request whose client went away, and no longer counts it in flight', async () => {
      const counted = async () => {
        const text = await (await call('/metrics')).text();
        return Number(
          /http_request_duration_seconds_count\{service="probe",method="GET",route="\/api\/held",status="200"\} (\d+)/.exec(
            text,
          )?.[1] ?? 0,
        );
      };
      const before = await counted();
      const client = new AbortController();
      const cut = call('/api/held', {
        headers: { 'X-Request-Id': 'gone-1' },
        signal: client.signal,
      });
      await waitUntil(
        'the request to be held',
        () =>
          log.entries.some((entry) => entry.msg === 'request held' && entry.requestId === 'gone-1'),
        { intervalMs: 10 },
      );
      expect(service.app.get(InFlightRequests).size).toBe(1);
      client.abort();
      await expect(cut).rejects.toThrow();
      await waitUntil(
        'the request line of the request cut short',
        () => log.entries.some((entry) => entry.msg === 'request' && entry.requestId === 'gone-1'),
        { intervalMs: 10 },
      );
      heldRequests().releaseAll(); // its handler, still held, ends only after the client went away
      expect(
        log.entries.find((entry) => entry.msg === 'request' && entry.requestId === 'gone-1'),
      ).toMatchObject({
        level: 'info',
        route: '/api/held',
        aborted: true,
      });
      expect(service.app.get(InFlightRequests).size).toBe(0);
      expect(await counted()).toBe(before + 1);
    });

    it('exposes the request histogram with the route pattern', async () => {
      await call('/healthz');
      const res = await call('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(text).toMatch(
        /http_request_duration_seconds_count\{service="probe",method="GET",route="\/healthz",status="200"\} \d+/,
      );
      expect(text).toMatch(
        /http_request_duration_seconds_count\{service="probe",method="GET",route="<unmatched>",status="404"\} \d+/,
      );
      expect(text).toContain('process_cpu_user_seconds_total{service="probe"}');
    });
  });
});
