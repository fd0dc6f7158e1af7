import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import type { IncomingMessage, OutgoingMessage } from '../event-bus/event-bus';
import { repoChangedEvent } from '../events/repo-changed.event';
import { traceConsumer, traceContextOf, tracingActive } from './message-trace-context';
import { aRepoChangeEvent } from '@gatehouse/domain/testing';

describe('trace context in messages', () => {
  const exporter = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor({ exporter });
  const sdk = new NodeSDK({
    spanProcessors: [processor],
    instrumentations: [],
  });
  const tracer = trace.getTracer('test');

  const untracedHandler = () => Promise.resolve();
  let beforeTracing: unknown;

  beforeAll(() => {
    expect(tracingActive()).toBe(false);
    beforeTracing = traceConsumer('topic', 'group', untracedHandler);
    sdk.start();
    expect(tracingActive()).toBe(true);
  });
  afterAll(() => sdk.shutdown());
  beforeEach(() => exporter.reset());

  /** The spans ended so far, once their export (which may wait for the resource) has happened. */
  const finishedSpan = async (name: string) => {
    await processor.forceFlush();
    return exporter.getFinishedSpans().find((span) => span.name === name);
  };

  const incoming = (headers: Record<string, string>): IncomingMessage => ({
    topic: 'gatehouse.repo-events.v1',
    partition: 0,
    offset: '7',
    key: 'repo-1',
    value: '{}',
    headers,
    timestamp: 0,
  });

  const encodeIn = (parent?: 'span'): { message: OutgoingMessage; span?: Span } => {
    const event = aRepoChangeEvent();
    if (!parent) return { message: repoChangedEvent.encode(event, { key: event.repo.id }) };
    return tracer.startActiveSpan('producer', (span) => {
      const message = repoChangedEvent.encode(event, { key: event.repo.id });
      span.end();
      return { message, span };
    });
  };

  it('leaves a handler as it is while tracing is off', () => {
    expect(beforeTracing).toBe(untracedHandler);
    expect(traceConsumer('topic', 'group', untracedHandler)).not.toBe(untracedHandler);
  });

  it('writes the active span into an encoded event, and nothing outside any span', () => {
    const { message, span } = encodeIn('span');
    const { traceId, spanId } = span!.spanContext();
    expect(message.headers?.traceparent).toBe(`00-${traceId}-${spanId}-01`);
    expect(encodeIn().message.headers).not.toHaveProperty('traceparent');
  });

  it('keeps a trace context the producer set itself', () => {
    const given = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const event = aRepoChangeEvent();
    const message = tracer.startActiveSpan('producer', (span) => {
      const encoded = repoChangedEvent.encode(event, {
        key: event.repo.id,
        headers: { traceparent: given },
      });
      span.end();
      return encoded;
    });
    expect(message.headers?.traceparent).toBe(given);
  });

  it('runs a handler in a consumer span that continues the message’s trace', async () => {
    const { message, span: producer } = encodeIn('span');
    let inHandler: string | undefined;
    await traceConsumer('gatehouse.repo-events.v1', 'group-a', async () => {
      inHandler = trace.getSpanContext(context.active())?.traceId;
    })(incoming(message.headers!));
    const consumer = await finishedSpan('gatehouse.repo-events.v1 process');
    expect(consumer).toMatchObject({
      name: 'gatehouse.repo-events.v1 process',
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.destination.name': 'gatehouse.repo-events.v1',
        'messaging.consumer.group.name': 'group-a',
      },
    });
    expect(consumer!.spanContext().traceId).toBe(producer!.spanContext().traceId);
    expect(consumer!.parentSpanContext?.spanId).toBe(producer!.spanContext().spanId);
    expect(inHandler).toBe(producer!.spanContext().traceId);
  });

  it('links a batch’s span to each message’s trace, and records a handler’s error', async () => {
    const first = encodeIn('span');
    const second = encodeIn('span');
    const failure = new Error('handler failed');
    const handler = traceConsumer('topic-b', 'group-b', () => Promise.reject(failure));
    await expect(
      handler([incoming(first.message.headers!), incoming(second.message.headers!), incoming({})]),
    ).rejects.toBe(failure);
    const batch = await finishedSpan('topic-b process');
    expect(batch!.links.map((link) => link.context.traceId)).toEqual([
      first.span!.spanContext().traceId,
      second.span!.spanContext().traceId,
    ]);
    expect(batch!.attributes['messaging.batch.message_count']).toBe(3);
    expect(batch!.status.code).toBe(SpanStatusCode.ERROR);
    expect(batch!.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('reads a message’s trace context', () => {
    const headers = {
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      tracestate: 'vendor=1',
      other: 'x',
    };
    expect(trace.getSpanContext(traceContextOf({ headers }))?.spanId).toBe('b7ad6b7169203331');
    expect(trace.getSpanContext(traceContextOf({ headers: {} }))).toBeUndefined();
  });
});
