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
  /** How long to post for: as long as the delivery run it bounds. */
  seconds: number;
}

export interface RawConsumeSpec {
  brokers: string[];
  topic: string;
  /** Messages already on the topic to read, from its beginning. */
  messages: number;
  /** How long to read for, from the first message: as long as the delivery run it bounds (less when the topic runs out first). */
  seconds: number;
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

/**
 * The HTTP limit of delivery: undici POSTs of a delivery's body to the same receiver, `concurrency`
 * in flight, nothing else, for `seconds`: a limit runs as long as what it bounds, or its start
 * (connections opening, the JIT) weighs more in a short run than in a long one.
 */
export async function rawPostLoop(spec: RawPostSpec): Promise<LoadResult> {
  const pool = new Pool(spec.url, { connections: spec.concurrency, pipelining: 1 });
  const latencies: number[] = [];
  const firstErrors: string[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + spec.seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
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
 * beginning with a handler that does nothing (offsets committed by kafkajs's defaults), for
 * `seconds` from the first message or until the topic's `messages` are read. Rate = messages /
 * time from the first message to the last read (the group join is left out); the latencies are
 * each message's time after the first.
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
  let last = 0;
  const latencies: number[] = [];
  try {
    await consumer.subscribe({ topic: spec.topic, fromBeginning: true });
    let reading = true;
    await new Promise<void>((finished, failed) => {
      const timeout = setTimeout(
        () => failed(new Error(`read ${seen} of ${spec.messages} messages in 300 s`)),
        300_000,
      );
      consumer
        .run({
          eachMessage: async () => {
            if (!reading) return;
            const now = performance.now();
            if (seen === 0) first = now;
            seen += 1;
            last = now;
            latencies.push(now - first);
            if (seen === spec.messages || now - first >= spec.seconds * 1000) {
              reading = false;
              clearTimeout(timeout);
              finished();
            }
          },
        })
        .catch(failed);
    });
    return result(1, latencies, (last - first) / 1000, 0, []);
  } finally {
    await consumer.disconnect();
  }
}
