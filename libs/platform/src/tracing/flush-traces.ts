import { trace } from '@opentelemetry/api';

interface FlushableProvider {
  getDelegate?: () => { forceFlush?: () => Promise<void> };
  forceFlush?: () => Promise<void>;
}

/**
 * Exports the spans still buffered, when tracing is on (the registered provider can flush), so a
 * draining process's last requests reach the collector; a no-op otherwise. A collector that does
 * not answer costs at most the exporter's timeout, and never fails the shutdown.
 */
export async function flushTraces(): Promise<void> {
  const provider = trace.getTracerProvider() as FlushableProvider;
  const flushable = provider.getDelegate?.() ?? provider;
  await flushable.forceFlush?.().catch(() => undefined);
}
