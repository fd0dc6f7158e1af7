import { envSection } from '../env-section';
import { oneOf, positiveInteger } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const LOG_LEVEL_DOC: VariableDoc = {
  description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
};
const GATEHOUSE_SHUTDOWN_GRACE_MS_DOC: VariableDoc = {
  description:
    'On SIGTERM, how long in-flight requests and messages may finish before connections close.',
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

export interface RuntimeConfig {
  logLevel: LogLevel;
  /** How long SIGTERM waits for in-flight requests and messages before closing connections. */
  shutdownGraceMs: number;
}

export const runtimeSection = envSection(
  {
    LOG_LEVEL: documented(oneOf(LOG_LEVELS).default('info'), LOG_LEVEL_DOC),
    GATEHOUSE_SHUTDOWN_GRACE_MS: documented(
      positiveInteger({ allowZero: true }).default(10_000),
      GATEHOUSE_SHUTDOWN_GRACE_MS_DOC,
    ),
  },
  (env): RuntimeConfig => ({
    logLevel: env.LOG_LEVEL,
    shutdownGraceMs: env.GATEHOUSE_SHUTDOWN_GRACE_MS,
  }),
);
