import Redis from 'ioredis';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';

/** The machine's PostgreSQL and Redis servers the run uses, by the pid at the root of each. */
export interface StoreServers {
  /** The postmaster: every backend, and the WAL writer and checkpointer, run under it. */
  postgres: number;
  redis: number;
}

/**
 * Finds the servers behind the run's database and Redis: PostgreSQL's postmaster as the parent of
 * this connection's backend, Redis's from `INFO server`. Both must run on this machine (the
 * bench's stores are local), or their CPU could not be read.
 */
export async function findStoreServers(
  databaseUrl: string,
  redisUrl: string,
): Promise<StoreServers> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  let postmaster: number;
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // Read while the backend lives: its parent is the postmaster.
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } finally {
    await client.end();
  }
  const redis = new Redis(redisUrl, { lazyConnect: true });
  let redisPid: number;
  try {
    await redis.connect();
    redisPid = Number(/^process_id:(\d+)/m.exec(await redis.info('server'))?.[1]);
  } finally {
    redis.disconnect();
  }
  if (!Number.isInteger(postmaster) || !Number.isInteger(redisPid))
    throw new Error('the bench meters PostgreSQL and Redis on this machine; found neither');
  return { postgres: postmaster, redis: redisPid };
}
