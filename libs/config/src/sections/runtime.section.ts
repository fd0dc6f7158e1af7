import { envSection } from '../env-section';
import { oneOf, positiveInteger } from '../env-fields';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface RuntimeConfig {
  logLevel: LogLevel;
  /** How long SIGTERM waits for in-flight requests and messages before closing connections. */
  shutdownGraceMs: number;
}

export const runtimeSection = envSection(
  {
    LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
    GATEHOUSE_SHUTDOWN_GRACE_MS: positiveInteger({ allowZero: true }).default(10_000),
  },
  (env): RuntimeConfig => ({ logLevel: env.LOG_LEVEL, shutdownGraceMs: env.GATEHOUSE_SHUTDOWN_GRACE_MS }),
);
