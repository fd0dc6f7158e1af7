import { KafkaEventBus } from '@gatehouse/messaging';
import type { BenchEnvironment } from '../harness/bench-environment';
import { ProcessMeter, rssMiB } from '../harness/process-meter';
import type { Fact, Scenario, ScenarioReport, Table } from '../harness/scenario';
import { RAW_LIMITS } from '../harness/contender-names';
import { Contender, median, ratioToLowest, runTrial } from '../harness/trial';
import { burstSize, DeliveryRig, PARTITIONS } from './delivery-rig';
import { matchMicros } from './delivery-matching';

const WORKER_IN_FLIGHT = 64;
/**
 * Messages on the raw consume loop's topic (a delivery's body each, about 1 KiB): at the 150,000
 * to 200,000 a second a no-op kafkajs consumer reads on two cores, about as long as a burst takes.
 */
const CONSUME_MESSAGES = 400_000;

/** How long a worker is left alone after it is ready before its idle RSS is read, as for the other services. */
const SETTLE_MS = 3000;
const WORKER_MEMORY_TITLE = 'Delivery worker resident memory (MiB)';
const REPLAYED_HEADERS =
  /^(content-type|user-agent|x-webhook-secret|webhook-id|webhook-timestamp|webhook-signature)$/i;

/**
 * Deliveries per second of one delivery-worker process for a burst of events, against its two
 * limits in the same round, each run as long as the worker's burst took: a raw undici POST loop
 * sending the same delivery to the same receiver with as many in flight as the worker allows, and
 * a raw kafkajs consumer reading events over the same number of partitions with a handler that
 * does nothing; and against the lower of the two in each round. Then event-to-first-attempt
 * latency at half the worker's burst rate, and the same bursts with 10,000 and with 100,000 other
 * webhooks registered, interleaved (a new worker each time, which loads them all). The worker's
 * RSS idle and at its peak under the bursts, with each number of webhooks.
 */
export const deliveryScenario: Scenario = {
  id: 'delivery',
  title: 'Webhook delivery',
  async run(env: BenchEnvironment): Promise<ScenarioReport> {
    const { rounds, quick } = env.settings;
    const events = burstSize(quick);
    const rig = await DeliveryRig.start(env);
    const rawTopics = new KafkaEventBus({
      brokers: env.infra.kafka.brokers.split(','),
      clientId: 'delivery-bench-raw',
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    try {
      await new Promise((settle) => setTimeout(settle, SETTLE_MS));
      const idle = rssMiB(rig.worker.child.pid!);
      await rig.burst('warmup', 200);
      const sample = rig.sample();
      const headers = Object.fromEntries(
        Object.entries(sample.headers)
          .filter(([name]) => REPLAYED_HEADERS.test(name))
          .map(([name, value]) => [name, String(value)]),
      );
      let burstRound = 0;
      // Each round runs the worker first; its limits then run as long as its burst took.
      let workerSeconds = 0;
      // One topic for every round's consume loop, each read from its beginning by a new group:
      // enough messages for one to read as long as a burst takes, written once.
      const brokers = env.infra.kafka.brokers.split(',');
      const rawTopic = `bench.raw-consume.${Date.now()}`;
      await rawTopics.ensureTopics([{ topic: rawTopic, partitions: PARTITIONS }]);
      const message = { key: 'bench', value: sample.body };
      for (let first = 0; first < CONSUME_MESSAGES; first += 500)
        await rawTopics.publish(
          rawTopic,
          Array.from({ length: Math.min(500, CONSUME_MESSAGES - first) }, () => message),
        );
      env.log(`${CONSUME_MESSAGES} messages on the raw consume loop's topic`);
      // A first read of a burst's worth, unmeasured, as the worker's warm-up burst.
      await env.load.rawConsume({ brokers, topic: rawTopic, messages: events, seconds: 600 });
      const contenders: Contender[] = [
        {
          name: 'delivery worker',
          processes: { 'delivery-worker': rig.worker.child.pid! },
          run: async () => {
            const figures = await rig.burst(`burst${(burstRound += 1)}`, events);
            workerSeconds = figures.seconds;
            return figures;
          },
        },
        {
          name: RAW_LIMITS.post,
          processes: { load: env.load.pid },
          run: () =>
            env.load.rawPost({
              url: rig.receiverUrl,
              path: '/raw',
              body: sample.body,
              headers,
              concurrency: WORKER_IN_FLIGHT,
              seconds: workerSeconds,
            }),
        },
        {
          name: RAW_LIMITS.consume,
          processes: { load: env.load.pid },
          run: async () => {
            const read = await env.load.rawConsume({
              brokers,
              topic: rawTopic,
              messages: CONSUME_MESSAGES,
              seconds: workerSeconds,
            });
            if (read.seconds < workerSeconds * 0.9)
              env.log(
                `raw consume loop read all ${CONSUME_MESSAGES} messages in ${read.seconds.toFixed(2)} s, short of the burst's ${workerSeconds.toFixed(2)} s`,
              );
            return read;
          },
        },
      ];
      const trial = await runTrial(
        `burst of ${events} events, ${PARTITIONS} partitions, one worker`,
        contenders,
        [
          ['delivery worker', RAW_LIMITS.post],
          ['delivery worker', RAW_LIMITS.consume],
        ],
        rounds,
        env.log,
      );
      trial.ratios.push(
        ratioToLowest(
          trial,
          'delivery worker',
          [RAW_LIMITS.post, RAW_LIMITS.consume],
          RAW_LIMITS.tighter,
        ),
      );
      const halfPeak = Math.max(
        1,
        median(trial.runs['delivery worker']!.map((run) => run.perSecond)) / 2,
      );
      const pacedCount = Math.max(200, Math.round(halfPeak * (quick ? 5 : 10)));
      const paced = await rig.paced('paced', pacedCount, halfPeak);
      for (const slow of await rig.slowest('paced', 3)) {
        env.log(
          `slowest paced event ${slow.eventId}: ${slow.ms} ms; batch handled from ${slow.batchAfterMs ?? '-'} ms; requests sent after ${slow.attemptsAfterMs.join(', ') || '-'} ms`,
        );
      }
      const scale = await measureScale(rig, env, events);
      const burstPeak = Math.max(
        ...trial.runs['delivery worker']!.map(
          (run) => run.processes['delivery-worker']!.peakRssMiB,
        ),
      );
      const memory: Table = {
        title: WORKER_MEMORY_TITLE,
        columns: ['Other webhooks registered', 'Idle', `Peak under bursts of ${events} events`],
        rows: [['0', idle, burstPeak], ...scale.memoryRows],
      };
      const delivered = rig.receiver.requests.filter((request) => request.path === '/hook').length;
      const facts: Fact[] = [
        {
          name: `event-to-first-attempt p50 at half the burst rate (${halfPeak.toFixed(0)} events/s, ${pacedCount} events)`,
          value: paced.latencyMs.p50,
          unit: 'ms',
        },
        {
          name: 'event-to-first-attempt p99 at half the burst rate',
          value: paced.latencyMs.p99,
          unit: 'ms',
        },
        {
          name: 'event-to-first-attempt max at half the burst rate',
          value: paced.latencyMs.max,
          unit: 'ms',
        },
        ...scale.facts,
        {
          name: 'deliveries the receiver got from the worker',
          value: delivered,
          unit: 'requests',
          how: `for ${200 + rounds * events + pacedCount + scale.events} events published`,
        },
        {
          name: 'delivery attempts recorded in PostgreSQL',
          value: await rig.attemptsRecorded(),
          unit: 'rows',
        },
      ];
      return {
        id: 'delivery',
        title: deliveryScenario.title,
        trials: [trial],
        facts,
        tables: [memory],
      };
    } finally {
      await rawTopics.close();
      // The webhooks that filled the index go, so the scenarios after this one (the scale-out's
      // workers) load the bench's own webhook only, as this one's first burst did.
      await rig.registerWebhooks(0);
      await rig.stop();
    }
  },
};

/** Registered webhooks (besides the bench's own) for the scale runs, smallest first. */
const WEBHOOK_COUNTS = [10_000, 100_000] as const;

/**
 * The worker's burst rate with 10,000 and with 100,000 other webhooks registered, none matching
 * (the index must not make an event's cost grow with them), and the in-memory matching time per
 * event at both sizes. Interleaved like every trial, 10,000 then 100,000 in each round, and
 * compared within the round: each run registers its size, starts a new worker (which loads them
 * all) and warms it up before the burst it measures. The worker's RSS is read once it has settled
 * after its start (the index loaded) and sampled through its warm-up and measured burst.
 */
async function measureScale(
  rig: DeliveryRig,
  env: BenchEnvironment,
  events: number,
): Promise<{ facts: Fact[]; events: number; memoryRows: Table['rows'] }> {
  const { rounds } = env.settings;
  const rates = new Map<number, number[]>(WEBHOOK_COUNTS.map((size) => [size, []]));
  const startSeconds = new Map<number, number[]>(WEBHOOK_COUNTS.map((size) => [size, []]));
  const idle = new Map<number, number[]>(WEBHOOK_COUNTS.map((size) => [size, []]));
  const peak = new Map<number, number[]>(WEBHOOK_COUNTS.map((size) => [size, []]));
  let published = 0;
  for (let round = 1; round <= rounds; round += 1) {
    for (const size of WEBHOOK_COUNTS) {
      await rig.registerWebhooks(size);
      startSeconds.get(size)!.push(await rig.restartWorker());
      await new Promise((settle) => setTimeout(settle, SETTLE_MS));
      idle.get(size)!.push(rssMiB(rig.worker.child.pid!));
      const meter = new ProcessMeter({ 'delivery-worker': rig.worker.child.pid! });
      meter.start();
      await rig.burst(`scale-warmup-${size}-${round}`, 200);
      const { perSecond } = await rig.burst(`scale-${size}-${round}`, events);
      peak.get(size)!.push(meter.stop()['delivery-worker']!.peakRssMiB);
      rates.get(size)!.push(perSecond);
      published += 200 + events;
      env.log(`delivery with ${size} webhooks, round ${round}: ${perSecond.toFixed(0)} /s`);
    }
  }
  const facts: Fact[] = WEBHOOK_COUNTS.flatMap((size) => {
    const perSecond = rates.get(size)!;
    return [
      {
        name: `deliveries/s with ${size.toLocaleString('en-US')} other webhooks registered`,
        value: median(perSecond),
        unit: '/s',
        how: `median of ${rounds} bursts of ${events} events (${perSecond.map((rate) => rate.toFixed(0)).join(' / ')})`,
      },
      {
        name: `worker start to ready with ${size.toLocaleString('en-US')} other webhooks`,
        value: median(startSeconds.get(size)!),
        unit: 's',
      },
      {
        name: `matching one event in the index of ${size.toLocaleString('en-US')} webhooks`,
        value: matchMicros(size),
        unit: 'µs',
        how: 'SubscriptionIndex.match, in this process',
      },
    ];
  });
  const [small, large] = WEBHOOK_COUNTS.map((size) => rates.get(size)!);
  const ratios = large!.map((rate, round) => rate / small![round]!);
  facts.push({
    name: 'delivery rate with 100,000 ÷ with 10,000 webhooks',
    value: median(ratios),
    unit: '×',
    how: `median of the ${rounds} rounds' ratios (${ratios.map((ratio) => ratio.toFixed(2)).join(' / ')})`,
  });
  const memoryRows = WEBHOOK_COUNTS.map((size) => [
    size.toLocaleString('en-US'),
    median(idle.get(size)!),
    Math.max(...peak.get(size)!),
  ]);
  return { facts, events: published, memoryRows };
}
