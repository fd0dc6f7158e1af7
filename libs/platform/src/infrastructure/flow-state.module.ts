import { DynamicModule, Module } from '@nestjs/common';
import { Clock } from '@gatehouse/domain';
import type { Logger } from 'pino';
import { FlowStore, MemoryFlowStore, RedisFlowStore } from '@gatehouse/flow-state';
import { CLOCK } from '../clock/clock.module';
import { ReadinessRegistry } from '../health/readiness-registry';
import { ReadinessModule } from '../health/readiness.module';
import { LOGGER } from '../logging/logger.token';
import { InfrastructureLifecycle } from './infrastructure-lifecycle';

const CONNECTION_ERROR_LOG_INTERVAL_MS = 5_000;

/**
 * Redis connection errors as one JSON log line per kind every few seconds, instead of ioredis's
 * multi-line "Unhandled error event" on the console while it reconnects.
 */
function connectionErrorLog(logger: Logger | undefined): (error: Error) => void {
  let lastAt = 0;
  let lastMessage = '';
  return (error) => {
    const now = Date.now();
    if (error.message === lastMessage && now - lastAt < CONNECTION_ERROR_LOG_INTERVAL_MS) return;
    lastAt = now;
    lastMessage = error.message;
    logger?.warn(
      { err: { message: error.message, code: (error as { code?: string }).code } },
      'redis connection error; reconnecting',
    );
  };
}

export type FlowStateModuleOptions =
  | {
      type: 'redis';
      url: string;
      /** This service's own keys. */
      keyPrefix?: string;
      /** Keys every service reads (SHARED_FLOW_STORE); default `keyPrefix`, one namespace for all. */
      sharedKeyPrefix?: string;
      /** `CLIENT SETNAME` of the connection, so an operator tells the services apart in CLIENT LIST. */
      connectionName?: string;
    }
  | { type: 'memory' };

/** Injection token of the process's `FlowStore` (`@gatehouse/flow-state`). */
export const FLOW_STORE = Symbol('gatehouse.flowStore');

/**
 * Flow state every service reads, whoever wrote it: the browser sessions `auth` writes and the JSON
 * API of every service accepts. The same store as FLOW_STORE in the all-in-one.
 */
export const SHARED_FLOW_STORE = Symbol('gatehouse.sharedFlowStore');

const FLOW_STATE_LIFECYCLE = Symbol('gatehouse.flowStateLifecycle');

/**
 * Short-lived flow state: Redis in the distributed shape (readiness check `redis`), memory in
 * the all-in-one (check `flow-state`, always ok). Closed on shutdown.
 */
@Module({})
export class FlowStateModule {
  static forRoot(options: FlowStateModuleOptions): DynamicModule {
    return {
      module: FlowStateModule,
      global: true,
      imports: [ReadinessModule],
      providers: [
        {
          provide: FLOW_STORE,
          useFactory: async (clock?: Clock, logger?: Logger): Promise<FlowStore> =>
            options.type === 'redis'
              ? RedisFlowStore.connect(options.url, {
                  keyPrefix: options.keyPrefix,
                  redis: options.connectionName
                    ? { connectionName: options.connectionName }
                    : undefined,
                  onConnectionError: connectionErrorLog(logger),
                })
              : new MemoryFlowStore(clock ? { clock } : {}),
          inject: [
            { token: CLOCK, optional: true },
            { token: LOGGER, optional: true },
          ],
        },
        {
          provide: SHARED_FLOW_STORE,
          useFactory: (store: FlowStore): FlowStore =>
            options.type === 'redis' &&
            options.sharedKeyPrefix !== undefined &&
            store instanceof RedisFlowStore
              ? store.withKeyPrefix(options.sharedKeyPrefix)
              : store,
          inject: [FLOW_STORE],
        },
        {
          provide: FLOW_STATE_LIFECYCLE,
          useFactory: (registry: ReadinessRegistry, store: FlowStore) =>
            new InfrastructureLifecycle(
              registry,
              [
                {
                  name: options.type === 'redis' ? 'redis' : 'flow-state',
                  check: () => store.ping(),
                },
              ],
              () => store.close(),
            ),
          inject: [ReadinessRegistry, FLOW_STORE],
        },
      ],
      exports: [FLOW_STORE, SHARED_FLOW_STORE],
    };
  }
}
