/**
 * Whether this process started OpenTelemetry tracing, apart from `start-tracing.ts` so that code
 * reading it (the lean routes' switch) does not load, or ship in its image, the SDK's packages.
 */
let started = false;

/** Whether `startTracing` started the SDK in this process. */
export function tracingStarted(): boolean {
  return started;
}

export function markTracingStarted(): void {
  started = true;
}
