import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import { Registry } from 'prom-client';
import { HttpMetrics } from '../metrics/http-metrics';
import { CapturedLog } from '../testing/captured-log';
import { createLogger } from './create-logger';
import { requestObserver } from './request-observer';

describe('requestObserver', () => {
  const answered = (observe: ReturnType<typeof requestObserver>) => {
    const req = { method: 'GET', path: '/api/whoami-v2', route: { path: '/api/whoami-v2' } };
    const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: true });
    observe(req as unknown as Request, res as unknown as Response);
    res.emit('close');
  };

  const countOf = async (registry: Registry) => {
    const text = await registry.metrics();
    return Number(/^http_request_duration_seconds_count\{[^}]*\} (\d+)$/m.exec(text)?.[1]);
  };

  it('writes an access line and observes the duration', async () => {
    const log = new CapturedLog();
    const registry = new Registry();
    answered(
      requestObserver(
        createLogger({ service: 'auth', destination: log }),
        new HttpMetrics(registry),
      ),
    );
    expect(log.entries).toEqual([
      expect.objectContaining({ msg: 'request', route: '/api/whoami-v2', status: 200 }),
    ]);
    expect(await countOf(registry)).toBe(1);
  });

  it('with the access log off, writes nothing and still observes the duration', async () => {
    const registry = new Registry();
    answered(requestObserver(undefined, new HttpMetrics(registry)));
    expect(await countOf(registry)).toBe(1);
  });
});
