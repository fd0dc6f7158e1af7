import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ReadinessCheck } from '../health/readiness-check';
import { ReadinessRegistry } from '../health/readiness-registry';

/**
 * Ties one infrastructure client to the process lifecycle: its readiness checks are registered at
 * start-up, and it is closed in the last shutdown phase (`onApplicationShutdown`), after
 * consumers and relays have stopped in the earlier phases.
 */
@Injectable()
export class InfrastructureLifecycle implements OnModuleInit, OnApplicationShutdown {
  private closed = false;

  constructor(
    private readonly registry: ReadinessRegistry,
    private readonly checks: readonly ReadinessCheck[],
    private readonly closeClient: () => Promise<void>,
  ) {}

  onModuleInit(): void {
    for (const check of this.checks) this.registry.register(check);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.closeClient();
  }
}
