import { claimTestRedis, releaseTestRedis } from '../infra/redis';
import { createScratchDatabase } from '../infra/scratch-database';
import { startKafkaBroker } from '../kafka/kafka-broker';
import { startAllInOne } from '../process/all-in-one';
import { startStack } from './stack';

export interface ShapeOptions {
  /** A seed file (YAML or JSON) applied before the services serve; default the demo seed. */
  seed?: string;
  /** More environment for every process (e.g. GATEHOUSE_ALLOW_LOOPBACK_TARGETS). */
  env?: Record<string, string>;
  /**
   * The public URL's host instead of 127.0.0.1: `localhost` for a suite that registers passkeys,
   * since browsers refuse an IP address as a relying party (WebAuthn's RP ID is a domain) but
   * take `localhost` as one, and as a secure context over plain HTTP.
   */
  publicHost?: 'localhost';
}

/** One running Gatehouse, whatever its shape: what a real client and a test see of it. */
export interface ShapeTarget {
  /** The one public address: the issuer, the base URL of every public route and page. */
  url: string;
  /** Where /internal/* is served (the all-in-one, or webhook-management's replica: the gateway never routes it). */
  internalUrl: string;
  /** Where `POST /internal/authorize` (the access policy) is served: the all-in-one, or token-exchange's replica. */
  authorizeUrl: string;
  internalToken: string;
  /** POST /internal/events with the internal token: the ingestion route (docs/events.md). */
  publishEvents(events: unknown[]): Promise<Response>;
  /** Every process's output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface Shape {
  name: string;
  start(options?: ShapeOptions): Promise<ShapeTarget>;
}

function publisher(internalUrl: string, internalToken: string): ShapeTarget['publishEvents'] {
  return (events) =>
    fetch(`${internalUrl}/internal/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${internalToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(events),
    });
}

/** The all-in-one of `npm start` on its embedded stores, its listening URL the public one (the issuer clients check). */
export const ALL_IN_ONE: Shape = {
  name: 'the all-in-one',
  async start(options = {}) {
    const gatehouse = await startAllInOne({
      listeningUrlIsPublic: true,
      publicHost: options.publicHost,
      seed: options.seed,
      env: options.env,
    });
    const internalToken = gatehouse.internalToken();
    return {
      url: gatehouse.url,
      internalUrl: gatehouse.url,
      authorizeUrl: gatehouse.url,
      internalToken,
      publishEvents: publisher(gatehouse.url, internalToken),
      output: () => gatehouse.process.output(),
      stop: () => gatehouse.stop(),
    };
  },
};

/**
 * The four services behind the nginx gateway (startStack), on a database, a Redis database and a
 * Kafka broker of their own, so nothing a suite changes reaches another suite's services.
 */
export const DISTRIBUTED: Shape = {
  name: 'the distributed services behind the gateway',
  async start(options = {}) {
    const [database, redis, kafka] = await Promise.all([
      createScratchDatabase({
        prefix: 'gatehouse_stack_e2e',
        onServerOf: process.env.DATABASE_URL,
      }),
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
        seed: options.seed,
        env: options.env,
        publicHost: options.publicHost,
      });
      const internalUrl = stack.service('webhook-management').url;
      return {
        url: stack.url,
        internalUrl,
        authorizeUrl: stack.service('token-exchange').url,
        internalToken: stack.internalToken,
        publishEvents: publisher(internalUrl, stack.internalToken),
        output: () =>
          stack.replicas
            .map((replica) => `--- ${replica.name}\n${replica.process.output()}`)
            .join('\n') + `--- gateway\n${stack.gateway.output()}`,
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

/** Both shapes, for `describe.each(SHAPES)` in the suites that drive real clients (docs/architecture.md "Tests"). */
export const SHAPES: readonly Shape[] = [ALL_IN_ONE, DISTRIBUTED];
