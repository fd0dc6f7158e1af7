import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ReadinessCheck } from '../health/readiness-check';
import { ReadinessRegistry } from '../health/readiness-registry';

/**
 * Ties one infrastructure client to the process lifecycle: its readiness check is registered at
 * start-up, and it is closed in the last shutdown phase (`onApplicationShutdown`), after
 * consumers and relays have stopped in the earlier phases.
 */
@Injectable()
export class InfrastructureLifecycle implements OnModuleInit, OnApplicationShutdown {
  private closed = false;

  constructor(
    private readonly registry: ReadinessRegistry,
    private readonly check: ReadinessCheck,
    private readonly closeClient: () => Promise<void>,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.check);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.closeClient();
  }
}
