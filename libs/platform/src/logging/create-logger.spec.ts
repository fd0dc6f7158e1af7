import { trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { CapturedLog } from '../testing/captured-log';
import { runInRequestContext } from '../request/request-context';
import { createLogger } from './create-logger';

describe('createLogger', () => {
  it('writes one JSON object per line with level name, ISO time, message and service', () => {
    const log = new CapturedLog();
    createLogger({ service: 'auth', destination: log }).info({ userId: 'u1' }, 'signed in');
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]!.endsWith('\n')).toBe(true);
    const [entry] = log.entries;
    expect(entry).toMatchObject({ level: 'info', msg: 'signed in', service: 'auth', userId: 'u1' });
    expect(new Date(entry!.time as string).toISOString()).toBe(entry!.time);
  });

  it('adds the request id of the request being served', () => {
    const log = new CapturedLog();
    const logger = createLogger({ service: 'auth', destination: log });
    runInRequestContext({ requestId: 'req-7' }, () => logger.info('inside'));
    logger.info('outside');
    expect(log.entries[0]).toMatchObject({ msg: 'inside', requestId: 'req-7' });
    expect(log.entries[1]).not.toHaveProperty('requestId');
  });

  describe('while tracing', () => {
    const sdk = new NodeSDK({ spanProcessors: [], instrumentations: [] });
    beforeAll(() => sdk.start());
    afterAll(() => sdk.shutdown());

    it('adds the trace and span ids of the span a line is written in', () => {
      const log = new CapturedLog();
      const logger = createLogger({ service: 'auth', destination: log });
      const span = trace.getTracer('test').startActiveSpan('work', (span) => {
        logger.info('inside');
        span.end();
        return span;
      });
      logger.info('outside');
      expect(log.entries[0]).toMatchObject({
        msg: 'inside',
        trace_id: span.spanContext().traceId,
        span_id: span.spanContext().spanId,
      });
      expect(log.entries[1]).not.toHaveProperty('trace_id');
    });
  });

  it('drops lines below its level', () => {
    const log = new CapturedLog();
    const logger = createLogger({ service: 'auth', level: 'warn', destination: log });
    logger.info('quiet');
    logger.warn('loud');
    expect(log.entries.map((entry) => entry.msg)).toEqual(['loud']);
  });

  describe('redaction', () => {
    const bearer = 'hf_oauth_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

    it('censors an Authorization header wherever a request is logged', () => {
      const log = new CapturedLog();
      const logger = createLogger({ service: 'auth', destination: log });
      logger.info(
        {
          req: {
            method: 'GET',
            headers: { authorization: `Bearer ${bearer}`, cookie: 'session=s3cr3t' },
          },
        },
        'incoming',
      );
      logger.info({ headers: { authorization: `Bearer ${bearer}` } }, 'headers');
      logger.info({ authorization: `Bearer ${bearer}` }, 'bare');
      expect(log.text).not.toContain(bearer);
      expect(log.text).not.toContain('s3cr3t');
      expect(log.entries[0]).toMatchObject({
        req: { method: 'GET', headers: { authorization: '[redacted]', cookie: '[redacted]' } },
      });
    });

    it('censors secrets and tokens in logged objects', () => {
      const log = new CapturedLog();
      const logger = createLogger({ service: 'auth', destination: log });
      logger.info(
        {
          client_secret: 'cs-1',
          body: { password: 'pw-1', refresh_token: 'rt-1' },
          token: 'tk-1',
          webhook: { secret: 'ws-1' },
        },
        'token request',
      );
      for (const value of ['cs-1', 'pw-1', 'rt-1', 'tk-1', 'ws-1'])
        expect(log.text).not.toContain(value);
    });
  });
});
