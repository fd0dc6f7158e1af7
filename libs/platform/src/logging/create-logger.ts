import { context, trace } from '@opentelemetry/api';
import pino, { DestinationStream, Logger } from 'pino';
import { currentRequestId } from '../request/request-context';
import { REDACTED_LOG_PATHS, REDACTION_CENSOR } from './log-redaction';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggerOptions {
  service: string;
  level?: LogLevel;
  /** Where lines go; stdout when absent. Tests pass an in-memory stream. */
  destination?: DestinationStream;
}

/**
 * One JSON object per line: `level` (a name), `time` (ISO 8601), `msg`, `service`, and the
 * `requestId` of the request being served when there is one, and while tracing (start-tracing.ts)
 * the `trace_id` and `span_id` of the span the line was written in.
 */
export function createLogger({ service, level = 'info', destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACTED_LOG_PATHS], censor: REDACTION_CENSOR },
      mixin: () => {
        const requestId = currentRequestId();
        const span = trace.getSpanContext(context.active());
        return {
          ...(requestId && { requestId }),
          ...(span && { trace_id: span.traceId, span_id: span.spanId }),
        };
      },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
