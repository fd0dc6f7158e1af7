// What a consumer pays for being a Nest `@EventPattern` method (EventBusTransport) rather than a
// handler given to EventBus.subscribe: the same handler, on the in-process bus (no broker, no
// network, so the bus's own cost is all there is beside the handler's), in one process, the two
// taking turns round after round. Prints, for single-message and batch handlers, the messages
// per second each way and the time the transport adds per message, and for one message at a time
// the publish-to-handler latency. For docs/architecture.md "Consumers". Needs no servers.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/event-bus-transport-cost.ts [messages] [rounds]
import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { type IncomingMessage, InProcessEventBus, type Subscription } from '@gatehouse/messaging';
import {
  bootstrapService,
  type EventConsumerOptions,
  EventBusTransport,
  MessagingModule,
} from '@gatehouse/platform';
import { performance } from 'node:perf_hooks';
import { median } from './harness/trial';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Where each handler reports: the count so far, and a waiter for a count. */
class Tally {
  count = 0;
  private waiter?: { target: number; resolve: () => void };
  private readonly arrivals: number[] = [];

  add(n: number): void {
    this.count += n;
    this.arrivals.push(performance.now());
    if (this.waiter && this.count >= this.waiter.target) this.waiter.resolve();
  }

  until(target: number): Promise<void> {
    if (this.count >= target) return Promise.resolve();
    return new Promise((resolve) => (this.waiter = { target, resolve }));
  }

  lastArrival(): number {
    return this.arrivals[this.arrivals.length - 1]!;
  }
}

const tallies = { transport: new Tally(), transportBatch: new Tally() };

@Controller()
class CountingConsumer {
  @EventPattern('cost.single', { group: 'cost-single' } satisfies EventConsumerOptions)
  async single(@Payload() message: IncomingMessage): Promise<void> {
    tallies.transport.add(message ? 1 : 0);
  }

  @EventPattern('cost.batch', { group: 'cost-batch', batch: true } satisfies EventConsumerOptions)
  async batch(@Payload() messages: readonly IncomingMessage[]): Promise<void> {
    tallies.transportBatch.add(messages.length);
  }
}

/** Publishes `count` messages over 3 keys in chunks of 500 and resolves when `tally` has them all: messages per second. */
async function throughput(
  bus: InProcessEventBus,
  topic: string,
  tally: Tally,
  count: number,
): Promise<number> {
  const target = tally.count + count;
  const started = performance.now();
  for (let sent = 0; sent < count; sent += 500) {
    const chunk = Array.from({ length: Math.min(500, count - sent) }, (_, i) => ({
      key: `repo-${(sent + i) % 3}`,
      value: `{"n":${sent + i}}`,
    }));
    await bus.publish(topic, chunk);
  }
  await tally.until(target);
  return count / ((performance.now() - started) / 1000);
}

/** One message at a time, each waited for: publish-to-handler latency in microseconds. */
async function latencies(
  bus: InProcessEventBus,
  topic: string,
  tally: Tally,
  count: number,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const target = tally.count + 1;
    const sent = performance.now();
    await bus.publish(topic, [{ key: 'repo', value: `{"n":${i}}` }]);
    await tally.until(target);
    samples.push((tally.lastArrival() - sent) * 1000);
  }
  return samples;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const [messagesArg = '20000', roundsArg = '7'] = process.argv.slice(2);
  const messages = Number(messagesArg);
  const rounds = Number(roundsArg);
  const log = (line: string) => process.stdout.write(`${line}\n`);

  const bus = new InProcessEventBus({ logger: quiet });
  const direct = { single: new Tally(), batch: new Tally() };
  const subscriptions: Subscription[] = [
    await bus.subscribe({
      topics: ['direct.single'],
      groupId: 'direct-single',
      handler: async (message) => direct.single.add(message ? 1 : 0),
    }),
    await bus.subscribe({
      topics: ['direct.batch'],
      groupId: 'direct-batch',
      handler: async () => direct.batch.add(1),
      batchHandler: async (batch) => direct.batch.add(batch.length),
    }),
  ];
  @Module({
    imports: [MessagingModule.forRoot({ type: 'in-process', bus })],
    controllers: [CountingConsumer],
  })
  class CostModule {}
  const service = await bootstrapService({
    name: 'transport-cost',
    module: CostModule,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    handleProcessSignals: false,
  });
  await service.app.get(EventBusTransport).whenStarted();

  const rates = { direct: [] as number[], transport: [] as number[] };
  const batchRates = { direct: [] as number[], transport: [] as number[] };
  // Warm-up, unmeasured: both paths compiled before the first round.
  await throughput(bus, 'direct.single', direct.single, 2_000);
  await throughput(bus, 'cost.single', tallies.transport, 2_000);
  for (let round = 1; round <= rounds; round += 1) {
    rates.direct.push(await throughput(bus, 'direct.single', direct.single, messages));
    rates.transport.push(await throughput(bus, 'cost.single', tallies.transport, messages));
    batchRates.direct.push(await throughput(bus, 'direct.batch', direct.batch, messages));
    batchRates.transport.push(
      await throughput(bus, 'cost.batch', tallies.transportBatch, messages),
    );
  }
  const samples = Math.min(messages, 3_000);
  const latency = { direct: [] as number[], transport: [] as number[] };
  for (let round = 1; round <= 3; round += 1) {
    latency.direct.push(...(await latencies(bus, 'direct.single', direct.single, samples)));
    latency.transport.push(...(await latencies(bus, 'cost.single', tallies.transport, samples)));
  }

  const line = (name: string, figures: { direct: number[]; transport: number[] }) => {
    const d = median(figures.direct);
    const t = median(figures.transport);
    const addedUs = (1 / t - 1 / d) * 1e6;
    log(
      `${name}: direct ${Math.round(d)} msg/s, transport ${Math.round(t)} msg/s (${((t / d) * 100).toFixed(0)} %), ` +
        `${addedUs.toFixed(1)} µs added per message (medians of ${rounds} rounds of ${messages})`,
    );
  };
  line('one message per call', rates);
  line('batches', batchRates);
  for (const [name, values] of Object.entries(latency))
    log(
      `latency ${name}: median ${percentile(values, 50).toFixed(0)} µs, p99 ${percentile(values, 99).toFixed(0)} µs (${values.length} messages, one at a time)`,
    );

  await service.close();
  await Promise.all(subscriptions.map((subscription) => subscription.close()));
  await bus.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
