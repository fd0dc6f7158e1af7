import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { Logger } from 'pino';
import { ReadinessRegistry } from '../health/readiness-registry';
import { InFlightRequests } from '../request/in-flight-requests';
import { flushTraces } from '../tracing/flush-traces';

export interface DrainTarget {
  app: INestApplication;
  server: Server;
  readiness: ReadinessRegistry;
  inFlight: InFlightRequests;
  logger: Logger;
  graceMs: number;
}

/** Time a finished connection gets to close by itself before it is cut. */
const SOCKET_SETTLE_MS = 1000;

/**
 * The drain sequence: report not ready, stop accepting connections, let requests in flight
 * finish (up to the grace period), cut what remains, then close the Nest application so its
 * lifecycle hooks stop consumers and relays and close pools.
 */
export async function drainAndClose(target: DrainTarget, reason: string): Promise<void> {
  const { app, server, readiness, inFlight, logger, graceMs } = target;
  const started = Date.now();
  readiness.startDraining();
  inFlight.startDraining();
  logger.info({ reason, inFlight: inFlight.size, graceMs }, 'draining');

  const listenerClosed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const finished = await inFlight.whenIdle(graceMs);
  if (!finished) {
    logger.warn(
      { inFlight: inFlight.size, graceMs },
      'grace period over: cutting requests still in flight',
    );
  }
  server.closeIdleConnections();
  const remaining = Math.max(0, graceMs - (Date.now() - started));
  await Promise.race([listenerClosed, delay(Math.min(SOCKET_SETTLE_MS, remaining))]);
  server.closeAllConnections();

  await app.close();
  await flushTraces();
  logger.info({ reason, durationMs: Date.now() - started }, 'stopped');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
