// What tracing costs a request, side by side in one run: three all-in-one processes on the demo
// seed, one with tracing off (no OTLP endpoint: the SDK is not loaded, the OpenTelemetry API is a
// no-op), one exporting every span over OTLP/HTTP to a sink in this process, and one sampling a
// tenth of the traces (`parentbased_traceidratio`, 0.1) to the same sink, taking turns
// round after round under the same load of `GET /api/whoami-v2` (a cached bearer check, the
// cheapest authenticated request, so a fixed cost per request shows most). Prints each side's
// requests per second per round, the medians and their ratio, and what the no-op API calls
// tracing left on every path (a log line's trace ids, an event's headers, a consumer's span)
// cost per call with tracing off. For docs/benchmarks.md "Tracing". Needs `npm run build` first.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/tracing-cost.ts [requests per round] [rounds]
import { traceConsumer } from '@gatehouse/messaging';
import { startAllInOne, type RunningAllInOne } from '@gatehouse/testing';
import { context, propagation, trace } from '@opentelemetry/api';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { median } from './harness/trial';

// The demo seed's write token of alice (libs/persistence/seed/demo.yaml).
const TOKEN = 'hf_demoAliceWriteToken000000000000000';
const CONCURRENCY = 8;

/** An OTLP/HTTP receiver that reads and drops what it is sent: the exporter's full cost, no collector's. */
async function startSink(): Promise<{ url: string; bytes: () => number; close: () => void }> {
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => response.writeHead(200).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytes: () => bytes,
    close: () => server.close(),
  };
}

/** `requests` whoami-v2 calls at CONCURRENCY connections: requests per second. */
async function round(pool: Pool, requests: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        next += 1;
        const answer = await pool.request({
          path: '/api/whoami-v2',
          method: 'GET',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        await answer.body.text();
        if (answer.statusCode !== 200) throw new Error(`whoami-v2 answered ${answer.statusCode}`);
      }
    }),
  );
  return requests / ((performance.now() - started) / 1000);
}

/** Nanoseconds per call of `fn`, the median of 7 runs of `calls` calls. */
function nanosPerCall(fn: () => unknown, calls = 200_000): number {
  const runs: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    for (let i = 0; i < calls; i += 1) fn();
    runs.push(((performance.now() - started) * 1e6) / calls);
  }
  return median(runs);
}

async function main(): Promise<void> {
  const [requestsArg = '4000', roundsArg = '7'] = process.argv.slice(2);
  const requests = Number(requestsArg);
  const rounds = Number(roundsArg);
  const log = (line: string) => process.stdout.write(`${line}\n`);

  const sink = await startSink();
  const exporting = {
    LOG_LEVEL: 'warn',
    OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  };
  const sides = ['off', 'on', 'sampled'] as const;
  type Side = (typeof sides)[number];
  const processes: Record<Side, RunningAllInOne> = {
    off: await startAllInOne({ env: { LOG_LEVEL: 'warn' } }),
    on: await startAllInOne({ env: exporting }),
    sampled: await startAllInOne({
      env: {
        ...exporting,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      },
    }),
  };
  const pools = Object.fromEntries(
    sides.map((side) => [side, new Pool(processes[side].url, { connections: CONCURRENCY })]),
  ) as Record<Side, Pool>;
  try {
    for (const side of sides) await round(pools[side], requests / 4);
    const rates: Record<Side, number[]> = { off: [], on: [], sampled: [] };
    for (let r = 0; r < rounds; r += 1) {
      // Each side goes first, second and third in turn.
      for (const side of sides.map((_, i) => sides[(i + r) % sides.length]!))
        rates[side].push(await round(pools[side], requests));
      log(
        `round ${r + 1}: ${sides.map((side) => `${side} ${rates[side][r]!.toFixed(0)}/s`).join(', ')}`,
      );
    }
    const [off, on, sampled] = sides.map((side) => median(rates[side])) as [number, number, number];
    log(`whoami-v2, concurrency ${CONCURRENCY}, ${rounds} rounds of ${requests}:`);
    log(
      `  tracing off ${off.toFixed(0)} requests/s, every trace ${on.toFixed(0)}, a tenth sampled ${sampled.toFixed(0)}`,
    );
    log(
      `  every trace / off ${(on / off).toFixed(2)}×, a tenth / off ${(sampled / off).toFixed(2)}× (${sink.bytes()} bytes of spans exported)`,
    );
  } finally {
    await Promise.all(sides.map((side) => pools[side].close()));
    await Promise.all(sides.map((side) => processes[side].stop()));
    sink.close();
  }

  // This process registers no SDK: the calls below are what tracing off leaves on each path.
  const headers = { 'gatehouse-event-id': 'evt_1' };
  const spanIds = nanosPerCall(() => trace.getSpanContext(context.active()));
  const inject = nanosPerCall(() => propagation.inject(context.active(), { ...headers }));
  const copy = nanosPerCall(() => ({ ...headers }));
  const message = {
    topic: 't',
    partition: 0,
    offset: '0',
    key: 'k',
    value: '{}',
    headers,
    timestamp: 0,
  };
  const handler = () => Promise.resolve();
  const wrapped = traceConsumer('t', 'g', handler);
  const consumerSpan = nanosPerCall(() => wrapped(message), 50_000);
  const bare = nanosPerCall(() => handler(), 50_000);
  log('tracing off, per call (no SDK registered):');
  log(`  a log line's trace ids: ${spanIds.toFixed(0)} ns`);
  log(`  an encoded event's headers: ${(inject - copy).toFixed(0)} ns over copying them`);
  log(`  a consumer's span around its handler: ${(consumerSpan - bare).toFixed(0)} ns per message`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
