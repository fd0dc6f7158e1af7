import { verifyPassword } from '@gatehouse/crypto';
import { performance } from 'node:perf_hooks';
import type { LoadResult } from '../harness/load-result';
import { percentiles } from './run-flow';

/**
 * The hash-bound limit of a password sign-in: `concurrency` loops verifying `password` against
 * `stored` with Gatehouse's own scrypt function (libuv's thread pool, as in the services) for
 * `seconds` after `rampSeconds`. Rate = verifications ending in that window per second.
 */
export async function hashLoop(options: {
  seconds: number;
  rampSeconds?: number;
  concurrency: number;
  password: string;
  stored: string;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now() + (options.rampSeconds ?? 0) * 1000;
  const deadline = started + options.seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const begun = performance.now();
      const verified = await verifyPassword(options.password, options.stored);
      if (performance.now() < started) continue;
      if (verified) latencies.push(performance.now() - begun);
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  return {
    connections: options.concurrency,
    seconds,
    completed: latencies.length,
    perSecond: latencies.length / seconds,
    errors,
    requests: latencies.length + errors,
    latencyMs: percentiles(latencies),
    firstErrors: errors > 0 ? ['the password did not verify'] : [],
  };
}
