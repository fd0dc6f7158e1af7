import type { NodeSDK } from '@opentelemetry/sdk-node';
import { tracingEnvironment } from '@gatehouse/config';
import { markTracingStarted } from './tracing-state';

/**
 * Starts OpenTelemetry tracing when the environment asks for it (tracingEnabled): the Node SDK
 * with the HTTP (server and client), Express, pg, ioredis and undici (fetch) instrumentations,
 * exporting over OTLP as the standard `OTEL_*` variables say. Kafka records carry their trace
 * context in headers written by the event bus itself (libs/messaging `message-trace-context.ts`),
 * so no kafkajs instrumentation is loaded: events published through the outbox keep the context
 * of the transaction that wrote them. It must run before the modules it instruments are loaded,
 * hence `@gatehouse/platform/tracing`, imported first by every main file. Off, it loads nothing.
 */
export function startTracing(
  mainFile: string | undefined = require.main?.filename,
): NodeSDK | undefined {
  const { enabled, serviceName } = tracingEnvironment(mainFile);
  if (!enabled) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on: off, a process pays nothing for the SDK */
  const { NodeSDK } =
    require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation, ExpressLayerType } =
    require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isUntracedPath(request.url),
      }),
      // The route's span, not one per middleware (Nest registers a dozen): a tenth of the spans.
      new ExpressInstrumentation({
        ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  markTracingStarted();
  return sdk;
}

/** Requests not worth a span: probes and scrapes, several a second per pod. */
function isUntracedPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return path === '/healthz' || path === '/readyz' || path === '/metrics';
}
