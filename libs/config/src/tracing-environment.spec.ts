import { tracingEnvironment } from './tracing-environment';

describe('tracingEnvironment', () => {
  const main = '/app/dist/apps/delivery-worker/src/main.js';
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };

  it.each([
    [{}, false],
    [endpoint, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, false],
    [{ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' }, false],
    [{ ...endpoint, OTEL_SDK_DISABLED: 'false' }, true],
    [{ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }, false],
    [{ ...endpoint, OTEL_TRACES_EXPORTER: 'otlp' }, true],
  ])('with %j traces: %s', (env, enabled) => {
    expect(tracingEnvironment(main, env).enabled).toBe(enabled);
  });

  it('names the service after the app whose main file runs, or leaves OTEL_SERVICE_NAME to the SDK', () => {
    expect(tracingEnvironment(main, endpoint).serviceName).toBe('delivery-worker');
    expect(tracingEnvironment('/work/apps/auth/src/main.ts', endpoint).serviceName).toBe('auth');
    expect(tracingEnvironment('/elsewhere/index.js', endpoint).serviceName).toBe('gatehouse');
    expect(tracingEnvironment(undefined, endpoint).serviceName).toBe('gatehouse');
    expect(
      tracingEnvironment(main, { ...endpoint, OTEL_SERVICE_NAME: 'hooks' }).serviceName,
    ).toBeUndefined();
  });
});
