import type Redis from 'ioredis';
import type { FlowChannel, FlowChannelListener } from './flow.store';

/**
 * A FlowChannel on Redis pub/sub: PUBLISH on the store's connection, each subscription on a
 * connection of its own (a subscribed connection takes no other command). The subscription is
 * made again by hand after a reconnection, and the listener is told it was away in between.
 */
export class RedisFlowChannel implements FlowChannel {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
  ) {}

  async publish(message: string): Promise<void> {
    await this.redis.publish(this.name, message);
  }

  async subscribe(listener: FlowChannelListener): Promise<() => Promise<void>> {
    const subscriber = this.redis.duplicate({ lazyConnect: true, autoResubscribe: false });
    let stopped = false;
    // Connection errors are logged by the store's own connection, which fails alike.
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.name) listener.message(message);
    });
    subscriber.on('close', () => {
      if (!stopped) listener.connected(false);
    });
    const listen = async () => {
      await subscriber.subscribe(this.name);
      if (!stopped) listener.connected(true);
    };
    await subscriber.connect();
    await listen();
    subscriber.on('ready', () => {
      if (!stopped) listen().catch(() => subscriber.disconnect(true));
    });
    return async () => {
      stopped = true;
      await subscriber.quit().catch(() => subscriber.disconnect());
    };
  }
}
