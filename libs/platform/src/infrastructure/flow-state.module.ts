import { DynamicModule, Module } from '@nestjs/common';
import { Clock } from '@gatehouse/domain';
import { FlowStore, MemoryFlowStore, RedisFlowStore } from '@gatehouse/flow-state';
import { CLOCK } from '../clock/clock.module';
import { ReadinessRegistry } from '../health/readiness-registry';
import { ReadinessModule } from '../health/readiness.module';
import { InfrastructureLifecycle } from './infrastructure-lifecycle';

export type FlowStateModuleOptions = { type: 'redis'; url: string; keyPrefix?: string } | { type: 'memory' };

/** Injection token of the process's `FlowStore` (`@gatehouse/flow-state`). */
export const FLOW_STORE = Symbol('gatehouse.flowStore');

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
          useFactory: async (clock?: Clock): Promise<FlowStore> =>
            options.type === 'redis'
              ? RedisFlowStore.connect(options.url, { keyPrefix: options.keyPrefix })
              : new MemoryFlowStore(clock ? { clock } : {}),
          inject: [{ token: CLOCK, optional: true }],
        },
        {
          provide: FLOW_STATE_LIFECYCLE,
          useFactory: (registry: ReadinessRegistry, store: FlowStore) =>
            new InfrastructureLifecycle(
              registry,
              { name: options.type === 'redis' ? 'redis' : 'flow-state', check: () => store.ping() },
              () => store.close(),
            ),
          inject: [ReadinessRegistry, FLOW_STORE],
        },
      ],
      exports: [FLOW_STORE],
    };
  }
}
