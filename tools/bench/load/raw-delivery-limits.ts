import { Kafka, logLevel } from 'kafkajs';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { LoadResult } from '../harness/load-result';
import { percentiles } from './run-flow';

export interface RawPostSpec {
  url: string;
  path: string;
  body: string;
  headers: Record<string, string>;
  concurrency: number;
  requests: number;
}

export interface RawConsumeSpec {
  brokers: string[];
  topic: string;
  /** Messages already on the topic to read, from its beginning. */
  messages: number;
}

function result(
  connections: number,
  latencies: number[],
  seconds: number,
  errors: number,
  firstErrors: string[],
): LoadResult {
  return {
    connections,
    seconds,
    completed: latencies.length,
    perSecond: latencies.length / seconds,
    errors,
    requests: latencies.length + errors,
    latencyMs: percentiles(latencies),
    firstErrors,
  };
}

/** The HTTP limit of delivery: undici POSTs of a delivery's body to the same receiver, `concurrency` in flight, nothing else. */
export async function rawPostLoop(spec: RawPostSpec): Promise<LoadResult> {
  const pool = new Pool(spec.url, { connections: spec.concurrency, pipelining: 1 });
  const latencies: number[] = [];
  const firstErrors: string[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < spec.requests) {
      next += 1;
      const begun = performance.now();
      try {
        const response = await pool.request({
          path: spec.path,
          method: 'POST',
          headers: spec.headers,
          body: spec.body,
        });
        await response.body.dump();
        if (response.statusCode === 200) latencies.push(performance.now() - begun);
        else throw new Error(`HTTP ${response.statusCode}`);
      } catch (error) {
        errors += 1;
        if (firstErrors.length < 5) firstErrors.push((error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return result(spec.concurrency, latencies, seconds, errors, firstErrors);
}

/**
 * The Kafka limit of delivery: a kafkajs consumer in a new group reading the topic from its
 * beginning with a handler that does nothing (offsets committed by kafkajs's defaults). Rate =
 * messages / time from the first message to the last (the group join is left out); the
 * latencies are each message's time after the first.
 */
export async function rawConsumeLoop(spec: RawConsumeSpec): Promise<LoadResult> {
  const kafka = new Kafka({
    clientId: 'bench-raw-consume',
    brokers: spec.brokers,
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({
    groupId: `bench-raw-consume-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
  await consumer.connect();
  let first = 0;
  let seen = 0;
  const latencies: number[] = [];
  try {
    await consumer.subscribe({ topic: spec.topic, fromBeginning: true });
    await new Promise<void>((done, failed) => {
      const timeout = setTimeout(
        () => failed(new Error(`read ${seen} of ${spec.messages} messages in 300 s`)),
        300_000,
      );
      consumer
        .run({
          eachMessage: async () => {
            const now = performance.now();
            if (seen === 0) first = now;
            seen += 1;
            latencies.push(now - first);
            if (seen === spec.messages) {
              clearTimeout(timeout);
              done();
            }
          },
        })
        .catch(failed);
    });
    const seconds = (performance.now() - first) / 1000;
    return result(1, latencies, seconds, 0, []);
  } finally {
    await consumer.disconnect();
  }
}
