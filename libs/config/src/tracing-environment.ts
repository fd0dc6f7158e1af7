export interface TracingEnvironment {
  /** On only when an OTLP endpoint is named and nothing turns the SDK or its trace exporter off. */
  enabled: boolean;
  /** The `service.name` to give the SDK; undefined when OTEL_SERVICE_NAME sets it (the SDK reads it). */
  serviceName?: string;
}

/**
 * Whether a process traces, from the standard OpenTelemetry variables (docs/operations.md
 * "Tracing"): on when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is
 * set, unless `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`. Everything else (protocol,
 * headers, sampler, resource attributes, batch delays) the SDK reads itself. The service name is
 * the app whose main file runs (`dist/apps/<app>/src/main.js` → `<app>`), else `gatehouse`.
 * Read before the configuration of the app is loaded: tracing must start before the modules it
 * instruments are.
 */
export function tracingEnvironment(
  mainFile: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): TracingEnvironment {
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim());
  const enabled =
    env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' &&
    !exporters.includes('none') &&
    Boolean(
      env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim(),
    );
  if (env.OTEL_SERVICE_NAME?.trim()) return { enabled };
  const app = /[\\/]apps[\\/]([^\\/]+)[\\/]src[\\/]main\.[jt]s$/.exec(mainFile ?? '')?.[1];
  return { enabled, serviceName: app ?? 'gatehouse' };
}
