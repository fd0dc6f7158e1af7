import { claimTestRedis, createScratchDatabase, releaseTestRedis, startAllInOne, startKafkaBroker, startStack } from '@gatehouse/testing';

/** Where the settings pages are served, and how the test publishes a repo change event there. */
export interface SettingsTarget {
  base: string;
  /** POST /internal/events with the internal token (webhook-management, or the all-in-one). */
  publishEvents(events: unknown[]): Promise<Response>;
  output(): string;
  stop(): Promise<void>;
}

export interface SettingsShape {
  name: string;
  start(): Promise<SettingsTarget>;
}

/** The all-in-one of `npm start`, on its embedded stores, with the demo seed; receivers on loopback allowed. */
export const ALL_IN_ONE: SettingsShape = {
  name: 'the all-in-one',
  async start() {
    const gatehouse = await startAllInOne({ listeningUrlIsPublic: true, env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' } });
    return {
      base: gatehouse.url,
      publishEvents: (events) =>
        fetch(`${gatehouse.url}/internal/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${gatehouse.internalToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify(events),
        }),
      output: () => gatehouse.process.output(),
      stop: () => gatehouse.stop(),
    };
  },
};

/**
 * The four services behind the nginx gateway (startStack), on a database, a Redis database and a
 * Kafka broker of their own, so nothing this suite changes reaches another suite's services.
 */
export const DISTRIBUTED: SettingsShape = {
  name: 'the distributed services behind the gateway',
  async start() {
    const [database, redis, kafka] = await Promise.all([
      createScratchDatabase({ prefix: 'gatehouse_settings_e2e', onServerOf: process.env.DATABASE_URL! }),
      claimTestRedis(),
      startKafkaBroker(),
    ]);
    const release = async () => {
      await Promise.allSettled([kafka.stop(), database.drop(), releaseTestRedis(redis)]);
    };
    try {
      const stack = await startStack({
        databaseUrl: database.url,
        redisUrl: redis.url,
        kafkaBrokers: kafka.brokers,
        env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' },
      });
      const webhookManagement = stack.service('webhook-management');
      return {
        base: stack.url,
        publishEvents: (events) =>
          fetch(`${webhookManagement.url}/internal/events`, {
            method: 'POST',
            headers: { authorization: `Bearer ${stack.internalToken}`, 'content-type': 'application/json' },
            body: JSON.stringify(events),
          }),
        output: () => stack.replicas.map((replica) => `--- ${replica.name}\n${replica.process.output()}`).join('\n') + stack.gateway.output(),
        stop: async () => {
          await stack.stop();
          await release();
        },
      };
    } catch (error) {
      await release();
      throw error;
    }
  },
};
