import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { OutboxRelay } from '@gatehouse/messaging';

/**
 * Runs the relay while the application runs. It stops in `beforeApplicationShutdown`, so its
 * last batch is published and marked sent before the bus and the data source close in
 * `onApplicationShutdown`.
 */
@Injectable()
export class OutboxRelayLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(private readonly relay: OutboxRelay) {}

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }
}
