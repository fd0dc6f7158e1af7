import Redis, { type RedisOptions } from 'ioredis';
import {
  assertIncrement,
  assertTtl,
  FlowCounterError,
  type FlowChannel,
  type FlowStore,
} from './flow.store';
import { RedisFlowChannel } from './redis-flow-channel';

/**
 * INCRBY, then start the window when this call created the key. PTTL -1 also restarts it: a counter
 * without expiry (written by hand, or by an older release) would otherwise never reset.
 */
const INCREMENT_IN_WINDOW = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) or redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return count`;

/** GETDEL, then the marker (SET PX) only when there was a value to take. */
const TAKE_AND_MARK = `
local value = redis.call('GETDEL', KEYS[1])
if value then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
end
return value`;

interface FlowCommands {
  flowIncrement(key: string, windowMs: number, by: number): Promise<number>;
  flowTakeAndMark(
    key: string,
    markerKey: string,
    marker: string,
    markerTtlMs: number,
  ): Promise<string | null>;
}

export interface RedisFlowStoreOptions {
  /** Prepended to every key, so services and test runs share one Redis safely. */
  keyPrefix?: string;
  /** Close the connection on close(); true when the store opened it (RedisFlowStore.connect). */
  ownsConnection?: boolean;
}

export interface RedisConnectOptions {
  /** ioredis options, merged over fail-fast defaults. */
  redis?: RedisOptions;
  /** Connection errors after start (ioredis prints them to the console when nobody listens). */
  onConnectionError?: (error: Error) => void;
}

/** The distributed shape's flow state: one Redis command (or script) per operation, so each is atomic. */
export class RedisFlowStore implements FlowStore {
  private readonly redis: Redis & FlowCommands;
  private readonly prefix: string;
  private readonly ownsConnection: boolean;

  constructor(redis: Redis, options: RedisFlowStoreOptions = {}) {
    redis.defineCommand('flowIncrement', { numberOfKeys: 1, lua: INCREMENT_IN_WINDOW });
    redis.defineCommand('flowTakeAndMark', { numberOfKeys: 2, lua: TAKE_AND_MARK });
    this.redis = redis as Redis & FlowCommands;
    this.prefix = options.keyPrefix ?? '';
    this.ownsConnection = options.ownsConnection ?? false;
  }

  /** Opens a connection and checks it answers, failing with the (password-free) URL when it does not. */
  static async connect(
    url: string,
    options: Omit<RedisFlowStoreOptions, 'ownsConnection'> & RedisConnectOptions = {},
  ): Promise<RedisFlowStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, ...options.redis });
    let cause: Error | undefined;
    const remember = (error: Error) => (cause = error);
    redis.on('error', remember);
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      // A client that already gave up has nothing to close; disconnecting it would hold a 2 s timer.
      if (redis.status !== 'end') redis.disconnect();
      throw new Error(
        `Redis is not reachable at ${withoutPassword(url)}: ${(cause ?? (error as Error)).message}`,
      );
    } finally {
      redis.off('error', remember);
    }
    // Commands fail on their own while Redis is away; the listener decides what to log meanwhile.
    if (options.onConnectionError) redis.on('error', options.onConnectionError);
    return new RedisFlowStore(redis, { keyPrefix: options.keyPrefix, ownsConnection: true });
  }

  /** The same connection under another key prefix (closing it leaves the connection open). */
  withKeyPrefix(keyPrefix: string): RedisFlowStore {
    return new RedisFlowStore(this.redis, { keyPrefix, ownsConnection: false });
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    assertTtl(ttlMs);
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }

  async putIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    return (await this.redis.set(this.prefix + key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async takeAndMark(
    key: string,
    markerKey: string,
    marker: string,
    markerTtlMs: number,
  ): Promise<string | null> {
    assertTtl(markerTtlMs);
    return this.redis.flowTakeAndMark(
      this.prefix + key,
      this.prefix + markerKey,
      marker,
      markerTtlMs,
    );
  }

  async replace(key: string, value: string): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, value, 'KEEPTTL', 'XX')) === 'OK';
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async increment(key: string, windowMs: number, by = 1): Promise<number> {
    assertTtl(windowMs);
    assertIncrement(by);
    try {
      return await this.redis.flowIncrement(this.prefix + key, windowMs, by);
    } catch (error) {
      if (/not an integer/.test((error as Error).message)) throw new FlowCounterError(key);
      throw error;
    }
  }

  async ttl(key: string): Promise<number | null> {
    const remaining = await this.redis.pttl(this.prefix + key);
    if (remaining === -2) return null;
    // -1: a key without expiry, which this store never writes.
    return remaining === -1 ? Number.POSITIVE_INFINITY : remaining;
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit();
  }

  channel(name: string): FlowChannel {
    return new RedisFlowChannel(this.redis, this.prefix + name);
  }
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
