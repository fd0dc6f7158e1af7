import {
  context,
  type Context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  type SpanOptions,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type { IncomingMessage } from '../event-bus/event-bus';

/**
 * W3C trace context in message headers (`traceparent`, `tracestate`), so one trace runs from the
 * request or message that caused an event to every consumer of it. The headers are written when
 * the event is encoded, inside the request's or handler's context: an event written to the outbox
 * carries the context of the transaction that wrote it, not the relay's that publishes it later.
 * While tracing is off (no OpenTelemetry SDK registered) the API is a no-op: nothing is added or read.
 */
const TRACER_NAME = '@gatehouse/messaging';

/**
 * Whether this process traces: a propagator is registered (the SDK registers W3C trace context).
 * Off, callers skip the spans they would start, so tracing off costs nothing per message.
 */
export function tracingActive(): boolean {
  return propagation.fields().length > 0;
}

/** `headers` with the active trace context added, when there is one and they carry none already. */
export function withActiveTraceContext(
  headers: Record<string, string> | undefined,
): Record<string, string> {
  const result = { ...headers };
  if (result.traceparent === undefined) propagation.inject(context.active(), result);
  return result;
}

/** The trace context a message carries (its producer's span), or the root context when none. */
export function traceContextOf(message: Pick<IncomingMessage, 'headers'>): Context {
  return propagation.extract(ROOT_CONTEXT, message.headers);
}

/**
 * Runs a consumer's handler in a span of kind CONSUMER (`<topic> process`): for one message, a
 * child of the message's producer span; for a batch, a new trace linked to each message's. A
 * handler's error is recorded on the span and rethrown unchanged. While tracing is off the handler
 * is returned as it is.
 */
export function traceConsumer<T extends IncomingMessage | readonly IncomingMessage[]>(
  topic: string,
  groupId: string,
  handler: (data: T) => Promise<void>,
): (data: T) => Promise<void> {
  if (!tracingActive()) return handler;
  const tracer = trace.getTracer(TRACER_NAME);
  return (data) => {
    const batch = Array.isArray(data) ? (data as readonly IncomingMessage[]) : undefined;
    const parent = batch ? ROOT_CONTEXT : traceContextOf(data as IncomingMessage);
    const links: Link[] = [];
    for (const message of batch ?? []) {
      const linked = trace.getSpanContext(traceContextOf(message));
      if (linked) links.push({ context: linked });
    }
    return inSpan(
      tracer,
      `${topic} process`,
      {
        kind: SpanKind.CONSUMER,
        links,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.operation.type': 'process',
          'messaging.destination.name': topic,
          'messaging.consumer.group.name': groupId,
          ...(batch && { 'messaging.batch.message_count': batch.length }),
        },
      },
      parent,
      () => handler(data),
    );
  };
}

/**
 * Runs `work` in a new active span, child of `parent`, ended when it settles; an error is recorded
 * on the span and rethrown unchanged.
 */
export function inSpan(
  tracer: Tracer,
  name: string,
  options: SpanOptions,
  parent: Context,
  work: () => Promise<void>,
): Promise<void> {
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
