import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from 'pino';
import { ReadinessRegistry } from '../health/readiness-registry';
import { LOGGER } from '../logging/logger.token';
import { InFlightRequests } from '../request/in-flight-requests';
import { createServiceApp, ServiceAppOptions } from './create-service-app';
import { drainAndClose } from './graceful-shutdown';
import { KeptAliveConnections } from './kept-alive-connections';

export interface BootstrapOptions extends ServiceAppOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** Interface to bind; all interfaces when absent. */
  host?: string;
  /** How long requests in flight may run on after SIGTERM. Default 10 s. */
  shutdownGraceMs?: number;
  /**
   * While draining, how long a kept-alive connection must have carried no request before it is
   * ended (a proxy may still send one on the connection it used last). Default 1 s for a process
   * that handles its signals, 0 for a service booted inside a test (no proxy in front).
   */
  drainIdleConnectionMs?: number;
  /** Whether SIGTERM/SIGINT drain and exit the process, and stray errors are logged. Default true; tests booting in-process pass false. */
  handleProcessSignals?: boolean;
}

export interface RunningService {
  app: NestExpressApplication;
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  port: number;
  /** Drains and closes the service (idempotent), leaving the process running. */
  close(): Promise<void>;
}

const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
const DEFAULT_DRAIN_IDLE_CONNECTION_MS = 1_000;
/** Time `app.close()` (consumers, relays, pools) gets after the grace period before the process gives up. */
const CLOSE_TIMEOUT_MS = 15_000;

/**
 * Starts one service: builds it (`createServiceApp`), listens, logs one `listening` line with its
 * URL, and on SIGTERM or SIGINT drains (`/readyz` answers 503 `draining`, no new connections,
 * requests in flight finish within the grace period, kept-alive connections end once idle or
 * after their next answer), closes the application and exits 0, or 1
 * when closing failed. A second signal exits at once with 1.
 *
 * Nest's own `enableShutdownHooks()` is not used: it re-raises the signal after closing, so the
 * process would end by the signal instead of exiting 0, and it would race this drain.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<RunningService> {
  const app = await createServiceApp(options);
  const logger = app.get<Logger>(LOGGER);
  const server = app.getHttpServer() as Server;
  const connections = new KeptAliveConnections(server);
  try {
    if (options.host) await app.listen(options.port, options.host);
    else await app.listen(options.port);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(options.host)}:${port}`;
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  logger.info({ url, port }, 'listening');

  let closing: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    closing ??= drainAndClose(
      {
        app,
        server,
        readiness: app.get(ReadinessRegistry),
        inFlight: app.get(InFlightRequests),
        connections,
        logger,
        graceMs,
        idleConnectionMs:
          options.drainIdleConnectionMs ??
          (options.handleProcessSignals === false ? 0 : DEFAULT_DRAIN_IDLE_CONNECTION_MS),
      },
      reason,
    );
    return closing;
  };

  const detach =
    options.handleProcessSignals === false
      ? () => undefined
      : attachToProcess(shutdown, logger, graceMs);
  return {
    app,
    url,
    port,
    close: async () => {
      detach();
      await shutdown('close');
    },
  };
}

function attachToProcess(
  shutdown: (reason: string) => Promise<void>,
  logger: Logger,
  graceMs: number,
): () => void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      logger.warn({ signal }, 'second signal: exiting without draining');
      process.exit(1);
    }
    signalled = true;
    const watchdog = setTimeout(() => {
      logger.error({ signal }, 'shutdown did not finish in time');
      process.exit(1);
    }, graceMs + CLOSE_TIMEOUT_MS);
    watchdog.unref();
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error, signal }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // A rejection nobody handled is a bug to fix, not a reason to drop every request in flight.
  const onRejection = (reason: unknown) =>
    logger.error({ err: reason }, 'unhandled promise rejection');
  const onException = (error: Error) => {
    logger.fatal({ err: error }, 'uncaught exception: exiting');
    process.exit(1);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}

function urlHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
