import type { Express } from 'express';
import { bootstrapService, RunningService } from '../bootstrap/service-bootstrap';
import { createServiceApp } from '../bootstrap/create-service-app';
import { CapturedLog } from '../testing/captured-log';
import {
  LeanProbeCalls,
  LeanProbeModule,
  ParameterLeanModule,
  UnroutedLeanModule,
} from '../testing/lean-probe.module';
import { RawAnswer, RawCall, sendRaw } from '../testing/raw-answer';
import { InFlightRequests } from './in-flight-requests';

type Call = RawCall;

const send = (url: string, call: Call): Promise<RawAnswer> =>
  sendRaw(url, { ...call, headers: { 'X-Request-Id': 'lean-probe-1', ...call.headers } });

const json = { 'Content-Type': 'application/json' };
const key = { 'X-Probe-Key': 'open' };

const CALLS: Array<[string, Call]> = [
  ['a GET with a CORS middleware', { method: 'GET', path: '/lean/hello' }],
  ['a GET with a query string', { method: 'GET', path: '/lean/hello?x=1' }],
  ['a cacheable answer (ETag)', { method: 'GET', path: '/lean/cacheable' }],
  [
    'a POST with a valid body',
    { method: 'POST', path: '/lean/echo', headers: { ...json, ...key }, body: '{"name":"ada"}' },
  ],
  [
    'a form body',
    {
      method: 'POST',
      path: '/lean/echo',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...key },
      body: 'name=ada',
    },
  ],
  [
    'a guard refusing',
    { method: 'POST', path: '/lean/echo', headers: json, body: '{"name":"ada"}' },
  ],
  [
    'malformed JSON',
    { method: 'POST', path: '/lean/echo', headers: { ...json, ...key }, body: '{"name":' },
  ],
  [
    'a body failing validation',
    { method: 'POST', path: '/lean/echo', headers: { ...json, ...key }, body: '{"name":""}' },
  ],
  [
    'an API error of the handler',
    {
      method: 'POST',
      path: '/lean/echo',
      headers: { ...json, ...key },
      body: '{"name":"forbidden"}',
    },
  ],
  [
    'an unexpected error of the handler',
    { method: 'POST', path: '/lean/echo', headers: { ...json, ...key }, body: '{"name":"crash"}' },
  ],
  [
    'a body over the limit',
    {
      method: 'POST',
      path: '/lean/echo',
      headers: { ...json, ...key },
      body: JSON.stringify({ name: 'x'.repeat(2048) }),
    },
  ],
  ['an OAuth error with WWW-Authenticate', { method: 'POST', path: '/lean-oauth/token' }],
  ['an internal route without the token', { method: 'POST', path: '/internal/lean' }],
  [
    'an internal route with the token',
    { method: 'POST', path: '/internal/lean', headers: { Authorization: 'Bearer internal-1' } },
  ],
  ['a method the route does not take', { method: 'GET', path: '/lean/echo' }],
  [
    'a method no route takes on a path with a CORS middleware',
    { method: 'DELETE', path: '/lean/hello' },
  ],
  ['HEAD of a lean GET', { method: 'HEAD', path: '/lean/hello' }],
  ['a CORS preflight', { method: 'OPTIONS', path: '/lean/hello' }],
];

describe('lean routes', () => {
  const logs = { lean: new CapturedLog(), nest: new CapturedLog() };
  let lean: RunningService;
  let nest: RunningService;
  let routerCalls = 0;

  const start = (leanRoutes: boolean, log: CapturedLog) =>
    bootstrapService({
      name: 'lean-probe',
      module: LeanProbeModule,
      port: 0,
      host: '127.0.0.1',
      logDestination: log,
      internalToken: 'internal-1',
      bodyLimit: '1kb',
      handleProcessSignals: false,
      leanRoutes,
    });

  beforeAll(async () => {
    lean = await start(true, logs.lean);
    nest = await start(false, logs.nest);
    const express = lean.app.getHttpAdapter().getInstance() as Express & {
      handle(...args: unknown[]): void;
    };
    const handle = express.handle.bind(express);
    express.handle = (...args: unknown[]) => {
      routerCalls += 1;
      handle(...args);
    };
  });

  afterAll(async () => {
    await lean?.close();
    await nest?.close();
  });

  it.each(CALLS)('answers %s exactly as the Nest route does', async (_name, call) => {
    const [viaLean, viaNest] = [await send(lean.url, call), await send(nest.url, call)];
    expect(viaLean).toEqual(viaNest);
    expect(viaLean.headers).toContain('X-Request-Id: lean-probe-1');
  });

  it('answers a method no route takes with 405 and Allow, past a middleware for every method', async () => {
    const answer = await send(lean.url, { method: 'DELETE', path: '/lean/hello' });
    expect(answer.status).toBe(405);
    expect(answer.headers).toContain('Allow: GET, HEAD');
    expect(answer.headers).toContain('Access-Control-Allow-Origin: *');
  });

  it('serves a lean route without Express, anything else with it', async () => {
    const before = routerCalls;
    await send(lean.url, { method: 'GET', path: '/lean/hello' });
    await send(lean.url, { method: 'POST', path: '/internal/lean' });
    expect(routerCalls).toBe(before);
    await send(lean.url, { method: 'GET', path: '/healthz' });
    await send(lean.url, { method: 'HEAD', path: '/lean/hello' });
    expect(routerCalls).toBe(before + 2);
  });

  it('runs the handler once per request', async () => {
    const calls = lean.app.get(LeanProbeCalls);
    const before = calls.count;
    await send(lean.url, { method: 'GET', path: '/lean/hello' });
    expect(calls.count).toBe(before + 1);
  });

  it('writes the same access-log line and metric labels, and leaves nothing in flight', async () => {
    const call: Call = {
      method: 'POST',
      path: '/lean/echo?trace=1',
      headers: { ...json, ...key, 'X-Request-Id': 'lean-log-1' },
      body: '{"name":"log"}',
    };
    await send(lean.url, call);
    await send(nest.url, call);
    const line = (log: CapturedLog) => {
      const entry = log.entries.find(
        (candidate) => candidate.msg === 'request' && candidate.requestId === 'lean-log-1',
      );
      const { time: _time, durationMs: _duration, pid: _pid, ...rest } = entry ?? {};
      return rest;
    };
    expect(line(logs.lean)).toMatchObject({
      method: 'POST',
      path: '/lean/echo',
      route: '/lean/echo',
      status: 200,
    });
    expect(line(logs.lean)).toEqual(line(logs.nest));
    const metrics = async (service: RunningService) =>
      (await send(service.url, { method: 'GET', path: '/metrics' })).body
        .split('\n')
        .filter((row) => row.startsWith('http_request_duration_seconds_count'))
        .filter((row) => row.includes('route="/lean/') || row.includes('route="/internal/lean'))
        .map((row) => row.replace(/ \d+$/, ''))
        .sort();
    expect(await metrics(lean)).toEqual(await metrics(nest));
    expect(lean.app.get(InFlightRequests).size).toBe(0);
  });

  it('refuses to boot with a lean route no Nest route serves', async () => {
    await expect(
      createServiceApp({
        name: 'lean-probe',
        module: UnroutedLeanModule,
        logDestination: new CapturedLog(),
      }),
    ).rejects.toThrow(
      'lean route none /lean (UnroutedLeanController.unrouted): no registered Nest route serves it',
    );
  });

  it('refuses to boot with a lean route whose path has a parameter', async () => {
    await expect(
      createServiceApp({
        name: 'lean-probe',
        module: ParameterLeanModule,
        logDestination: new CapturedLog(),
      }),
    ).rejects.toThrow(
      'lean route GET /lean/:id (ParameterLeanController.byId): only a literal path may be lean',
    );
  });
});
