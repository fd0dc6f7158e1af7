import { BeforeApplicationShutdown, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { ReadinessRegistry } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { DeliveryPipeline } from './delivery-pipeline';

/** Waits between start attempts while a dependency is away: 1 s, 2 s, 4 s… up to this. */
const MAX_START_BACKOFF_MS = 10_000;

/**
 * Runs the pipeline while the application runs, with a `delivery` readiness check that passes
 * once the consumers have joined. It stops in `beforeApplicationShutdown`, before the bus and
 * the data source close.
 *
 * With `startInBackground`, start-up does not wait for the pipeline: the process listens at once
 * (liveness answers, readiness tells the truth) and the pipeline is started, and started again
 * after a failure, until it runs or the process stops.
 */
export class DeliveryPipelineLifecycle
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private stopping = false;
  private wake?: () => void;

  constructor(
    private readonly pipeline: DeliveryPipeline,
    private readonly readiness: ReadinessRegistry,
    private readonly logger: Pick<Logger, 'info' | 'error'>,
    private readonly startInBackground: boolean,
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
    if (!this.startInBackground) return this.pipeline.start();
    void this.keepStarting();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    // A start still under way is left to the closing bus and data source, which end it.
    if (this.pipeline.isStarted) await this.pipeline.stop();
  }

  private async keepStarting(): Promise<void> {
    for (let attempt = 1; !this.stopping; attempt += 1) {
      try {
        await this.pipeline.start();
        if (this.stopping) await this.pipeline.stop();
        return;
      } catch (error) {
        if (this.stopping) return;
        const waitMs = Math.min(1_000 * 2 ** (attempt - 1), MAX_START_BACKOFF_MS);
        this.logger.error(
          { err: error, attempt, retryInMs: waitMs },
          'the delivery pipeline could not start; trying again',
        );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }
}
