import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { Logger } from 'pino';
import { ReadinessRegistry } from '../health/readiness-registry';
import { InFlightRequests } from '../request/in-flight-requests';
import { flushTraces } from '../tracing/flush-traces';
import type { KeptAliveConnections } from './kept-alive-connections';

export interface DrainTarget {
  app: INestApplication;
  server: Server;
  readiness: ReadinessRegistry;
  inFlight: InFlightRequests;
  connections: KeptAliveConnections;
  logger: Logger;
  graceMs: number;
  /** How long a kept-alive connection must have been idle before the drain ends it. */
  idleConnectionMs: number;
}

/** How often the drain looks for connections idle long enough to end. */
const IDLE_SWEEP_MS = 100;

/**
 * The drain sequence: report not ready, stop accepting connections, let requests in flight
 * finish (up to the grace period) while kept-alive connections close once idle for
 * `idleConnectionMs` (a request that still arrives on one is served and answered `Connection:
 * close`), cut what remains, then close the Nest application so its lifecycle hooks stop
 * consumers and relays and close pools.
 */
export async function drainAndClose(target: DrainTarget, reason: string): Promise<void> {
  const { app, server, readiness, inFlight, connections, logger, graceMs, idleConnectionMs } =
    target;
  const started = Date.now();
  readiness.startDraining();
  inFlight.startDraining();
  logger.info({ reason, inFlight: inFlight.size, graceMs }, 'draining');

  // http.Server#close would also end every idle kept-alive connection at once (Node 19 and
  // later), the very connection a proxy may be sending its next request on: stop listening only.
  const listenerClosed = new Promise<void>((resolve) =>
    NetServer.prototype.close.call(server, () => resolve()),
  );
  connections.closeIdleFor(idleConnectionMs);
  const sweep = setInterval(() => connections.closeIdleFor(idleConnectionMs), IDLE_SWEEP_MS);
  try {
    const finished = await inFlight.whenIdle(graceMs);
    if (!finished) {
      logger.warn(
        { inFlight: inFlight.size, graceMs },
        'grace period over: cutting requests still in flight',
      );
    }
    // Each connection left ends after its next answer or once idle long enough: wait for the
    // last, within what is left of the grace period.
    const remaining = Math.max(0, graceMs - (Date.now() - started));
    await within(listenerClosed, remaining);
  } finally {
    clearInterval(sweep);
  }
  server.closeAllConnections();

  await app.close();
  await flushTraces();
  logger.info({ reason, durationMs: Date.now() - started }, 'stopped');
}

/** Waits for `promise`, or `ms` at most, leaving no timer behind either way. */
async function within(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      promise,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
