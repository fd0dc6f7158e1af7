import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { ReadinessRegistry } from '@gatehouse/platform';
import { DeliveryPipeline } from './delivery-pipeline';

/**
 * Runs the pipeline while the application runs, with a `delivery` readiness check that passes
 * once the consumers have joined. It stops in `beforeApplicationShutdown`, before the bus and
 * the data source close.
 */
@Injectable()
export class DeliveryPipelineLifecycle implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly pipeline: DeliveryPipeline,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register({
      name: 'delivery',
      check: async () => {
        if (!this.pipeline.isStarted) throw new Error('the delivery pipeline is not running');
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.pipeline.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.pipeline.stop();
  }
}
