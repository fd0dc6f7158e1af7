import type { Redis } from 'ioredis';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** Models whose records are revoked together when their grant is (oidc-provider's adapter contract). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * oidc-provider's storage on Redis, for the benchmark's peer: one hash per record (`payload`,
 * and `consumed` once used), a set per grant for revokeByGrantId, and lookups by session uid and
 * user code. Every record expires with its own TTL.
 */
export function redisAdapter(redis: Redis, prefix: string): new (model: string) => Adapter {
  const grantKey = (grantId: string) => `${prefix}grant:${grantId}`;
  const uidKey = (uid: string) => `${prefix}sessionUid:${uid}`;
  const userCodeKey = (userCode: string) => `${prefix}userCode:${userCode}`;

  return class RedisOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${prefix}${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const key = this.key(id);
      const multi = redis.multi().del(key).hset(key, 'payload', JSON.stringify(payload));
      if (expiresIn) multi.expire(key, expiresIn);
      if (GRANTABLE.has(this.model) && payload.grantId) {
        multi.sadd(grantKey(payload.grantId), key);
        if (expiresIn) multi.expire(grantKey(payload.grantId), expiresIn, 'GT');
      }
      if (payload.uid)
        multi.set(
          uidKey(payload.uid),
          id,
          ...((expiresIn ? ['EX', expiresIn] : []) as ['EX', number]),
        );
      if (payload.userCode)
        multi.set(
          userCodeKey(payload.userCode),
          id,
          ...((expiresIn ? ['EX', expiresIn] : []) as ['EX', number]),
        );
      await multi.exec();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const record = await redis.hgetall(this.key(id));
      if (!record.payload) return undefined;
      const payload = JSON.parse(record.payload) as AdapterPayload;
      return record.consumed ? { ...payload, consumed: Number(record.consumed) } : payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = await redis.get(uidKey(uid));
      return id ? this.find(id) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const id = await redis.get(userCodeKey(userCode));
      return id ? this.find(id) : undefined;
    }

    async consume(id: string): Promise<void> {
      await redis.hset(this.key(id), 'consumed', Math.floor(Date.now() / 1000));
    }

    async destroy(id: string): Promise<void> {
      await redis.del(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const members = await redis.smembers(grantKey(grantId));
      await redis.del(...members, grantKey(grantId));
    }
  };
}
