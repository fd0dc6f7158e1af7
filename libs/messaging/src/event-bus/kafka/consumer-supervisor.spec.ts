import { FakeSupervisorClock, settle } from '../../testing/fake-supervisor-clock';
import {
  type ConsumerSignals,
  ConsumerSupervisor,
  type SupervisedConsumer,
} from './consumer-supervisor';

const BACKOFF = { initialMs: 1_000, maxMs: 15_000 };
const START = 1_700_000_000_000;

class FakeConsumer implements SupervisedConsumer {
  stops = 0;
  private finishStart!: (error?: Error) => void;
  private readonly started = new Promise<void>(
    (resolve, reject) => (this.finishStart = (error) => (error ? reject(error) : resolve())),
  );

  constructor(readonly signals: ConsumerSignals) {}

  start(): Promise<void> {
    return this.started;
  }

  async stop(): Promise<void> {
    this.stops += 1;
  }

  /** connect, subscribe and run returned (kafkajs's run() returns once the first join is done). */
  running(): void {
    this.finishStart();
  }

  failsToStart(error: Error): void {
    this.finishStart(error);
  }
}

function aSupervisor(
  overrides: {
    random?: number;
    notJoinedSince?: number;
    create?: (signals: ConsumerSignals) => SupervisedConsumer;
  } = {},
) {
  const clock = new FakeSupervisorClock(START);
  const consumers: FakeConsumer[] = [];
  const logged: Array<{ level: string; message: string; details: Record<string, unknown> }> = [];
  const logAt = (level: string) => (details: object, message: string) =>
    void logged.push({ level, message, details: details as Record<string, unknown> });
  const supervisor = new ConsumerSupervisor(
    overrides.create ??
      ((signals) => {
        const consumer = new FakeConsumer(signals);
        consumers.push(consumer);
        return consumer;
      }),
    {
      groupId: 'gatehouse.principal-cache',
      topics: ['gatehouse.token-events.v1'],
      backoff: BACKOFF,
      random: () => overrides.random ?? 0.5,
      clock,
      logger: { info: logAt('info'), warn: logAt('warn'), error: logAt('error') },
      notJoinedSince: overrides.notJoinedSince,
    },
  );
  return { supervisor, clock, consumers, logged };
}

async function joinedSupervisor(random = 0.5) {
  const fixture = aSupervisor({ random });
  const started = fixture.supervisor.start();
  fixture.consumers[0]!.running();
  fixture.consumers[0]!.signals.joined();
  await started;
  return fixture;
}

describe('ConsumerSupervisor', () => {
  it('is joining from its start, and joined once its consumer joins', async () => {
    const { supervisor, clock, consumers } = aSupervisor();
    const started = supervisor.start();
    await clock.advance(2_000);
    expect(supervisor.status()).toEqual({
      groupId: 'gatehouse.principal-cache',
      topics: ['gatehouse.token-events.v1'],
      state: 'joining',
      notJoinedSince: START,
      restarts: 0,
    });
    consumers[0]!.running();
    consumers[0]!.signals.joined();
    await expect(started).resolves.toBeUndefined();
    expect(supervisor.status()).toEqual({
      groupId: 'gatehouse.principal-cache',
      topics: ['gatehouse.token-events.v1'],
      state: 'joined',
      restarts: 0,
    });
  });

  it('replaces a consumer that crashed for good with a new one after the back-off, and is joined again', async () => {
    const { supervisor, clock, consumers, logged } = await joinedSupervisor();
    await clock.advance(60_000);
    const crashedAt = clock.now();
    consumers[0]!.signals.crashed(new Error('Failed to find group coordinator'));
    await settle();

    expect(supervisor.status()).toMatchObject({
      state: 'stopped',
      notJoinedSince: crashedAt,
      restarts: 0,
    });
    expect(consumers[0]!.stops).toBe(1);
    expect(clock.pending).toEqual([750]);
    expect(logged).toContainEqual({
      level: 'error',
      message: 'Kafka consumer crashed; starting a new one after the back-off',
      details: expect.objectContaining({
        groupId: 'gatehouse.principal-cache',
        crashesInARow: 1,
        restartInMs: 750,
      }),
    });

    await clock.advance(749);
    expect(consumers).toHaveLength(1);
    await clock.advance(1);
    expect(consumers).toHaveLength(2);
    expect(supervisor.status()).toMatchObject({
      state: 'rejoining',
      notJoinedSince: crashedAt,
      restarts: 1,
    });

    consumers[1]!.running();
    await clock.advance(300);
    consumers[1]!.signals.joined();
    expect(supervisor.status()).toEqual({
      groupId: 'gatehouse.principal-cache',
      topics: ['gatehouse.token-events.v1'],
      state: 'joined',
      restarts: 1,
    });
    expect(logged).toContainEqual({
      level: 'info',
      message: 'Kafka consumer joined its group again after a crash',
      details: { groupId: 'gatehouse.principal-cache', restarts: 1, notJoinedForMs: 1_050 },
    });
  });

  it('treats a start that fails (connect, subscribe or run) as a crash', async () => {
    const { supervisor, clock, consumers } = await joinedSupervisor();
    consumers[0]!.signals.crashed(new Error('Connection error: connect ECONNREFUSED'));
    await clock.advance(750);
    consumers[1]!.failsToStart(new Error('Connection error: connect ECONNREFUSED'));
    await settle();

    expect(supervisor.status()).toMatchObject({ state: 'stopped', restarts: 1 });
    expect(consumers[1]!.stops).toBe(1);
    expect(clock.pending).toEqual([1_500]);
    await clock.advance(1_500);
    expect(consumers).toHaveLength(3);
    consumers[2]!.running();
    consumers[2]!.signals.joined();
    expect(supervisor.status()).toMatchObject({ state: 'joined', restarts: 2 });
  });

  it('keeps restarting for as long as it takes, waiting longer each time up to the cap', async () => {
    const { supervisor, clock, consumers } = await joinedSupervisor();
    const waits: number[] = [];
    for (let crash = 0; crash < 8; crash += 1) {
      consumers.at(-1)!.failsToStart(new Error('no broker'));
      consumers.at(-1)!.signals.crashed(new Error('no broker'));
      await settle();
      waits.push(...clock.pending);
      await clock.advance(clock.pending[0]!);
    }
    expect(waits).toEqual([750, 1_500, 3_000, 6_000, 11_250, 11_250, 11_250, 11_250]);
    expect(consumers).toHaveLength(9);
    expect(consumers.slice(0, 8).every((consumer) => consumer.stops >= 1)).toBe(true);
    expect(supervisor.status()).toMatchObject({ state: 'rejoining', restarts: 8 });
  });

  it('starts the back-off over once a consumer stayed joined as long as the longest wait', async () => {
    const { clock, consumers } = await joinedSupervisor();
    consumers[0]!.signals.crashed(new Error('first'));
    await clock.advance(750);
    consumers[1]!.running();
    consumers[1]!.signals.joined();
    await clock.advance(1_000);
    consumers[1]!.signals.crashed(new Error('soon after joining'));
    await settle();
    expect(clock.pending).toEqual([1_500]);

    await clock.advance(1_500);
    consumers[2]!.running();
    consumers[2]!.signals.joined();
    await clock.advance(BACKOFF.maxMs);
    consumers[2]!.signals.crashed(new Error('after a while joined'));
    await settle();
    expect(clock.pending).toEqual([750]);
  });

  it('jitters the wait between half and all of the step', async () => {
    const low = await joinedSupervisor(0);
    low.consumers[0]!.signals.crashed(new Error('crash'));
    await settle();
    const high = await joinedSupervisor(0.999);
    high.consumers[0]!.signals.crashed(new Error('crash'));
    await settle();
    expect([low.clock.pending, high.clock.pending]).toEqual([[500], [1_000]]);
  });

  it('counts a rebalance as not joined, from its start until the consumer joins again', async () => {
    const { supervisor, clock, consumers } = await joinedSupervisor();
    await clock.advance(5_000);
    consumers[0]!.signals.rejoining();
    expect(supervisor.status()).toMatchObject({
      state: 'rejoining',
      notJoinedSince: START + 5_000,
      restarts: 0,
    });
    await clock.advance(2_000);
    consumers[0]!.signals.joined();
    expect(supervisor.status()).toMatchObject({ state: 'joined', restarts: 0 });
    expect(clock.pending).toEqual([]);
  });

  it('ignores what a replaced consumer still reports', async () => {
    const { supervisor, clock, consumers } = await joinedSupervisor();
    consumers[0]!.signals.crashed(new Error('crash'));
    await clock.advance(750);
    consumers[0]!.signals.joined();
    consumers[0]!.signals.crashed(new Error('again'));
    await settle();
    expect(supervisor.status()).toMatchObject({ state: 'rejoining', restarts: 1 });
    expect(clock.pending).toEqual([]);
    expect(consumers).toHaveLength(2);
  });

  it('reports a crash only once per consumer, whether it reports one or its start fails, or both', async () => {
    const { clock, consumers } = await joinedSupervisor();
    consumers[0]!.signals.crashed(new Error('crash'));
    consumers[0]!.signals.crashed(new Error('crash again'));
    await settle();
    expect(clock.pending).toEqual([750]);
    expect(consumers[0]!.stops).toBe(1);
  });

  it('closes during the back-off at once: the restart is cancelled and nothing starts later', async () => {
    const { supervisor, clock, consumers } = await joinedSupervisor();
    consumers[0]!.signals.crashed(new Error('crash'));
    await settle();
    await supervisor.close();
    expect(clock.pending).toEqual([]);
    await clock.advance(60_000);
    expect(consumers).toHaveLength(1);
    expect(supervisor.status()).toMatchObject({ state: 'stopped' });
  });

  it('closes during a restart without waiting for its connect, and stops the consumer as soon as that start ends', async () => {
    const { supervisor, clock, consumers } = await joinedSupervisor();
    consumers[0]!.signals.crashed(new Error('crash'));
    await clock.advance(750);
    const restarted = consumers[1]!;

    await supervisor.close();
    expect(restarted.stops).toBe(1);

    restarted.running();
    restarted.signals.joined();
    await settle();
    expect(restarted.stops).toBe(2);
    expect(supervisor.status()).toMatchObject({ state: 'stopped' });
    expect(consumers).toHaveLength(2);
  });

  it('rejects the start when closed before the first join, and stops the consumer', async () => {
    const { supervisor, consumers } = aSupervisor();
    const started = supervisor.start();
    await supervisor.close();
    await expect(started).rejects.toThrow(
      "the subscription of group 'gatehouse.principal-cache' was closed before it joined",
    );
    expect(consumers[0]!.stops).toBe(1);
  });

  it('closes once, however often it is asked', async () => {
    const { supervisor, consumers } = await joinedSupervisor();
    await Promise.all([supervisor.close(), supervisor.close()]);
    await supervisor.close();
    expect(consumers[0]!.stops).toBe(1);
  });

  it('goes on restarting when a new consumer cannot even be made, but refuses at once at the first start', async () => {
    let made = 0;
    const consumers: FakeConsumer[] = [];
    const create = (signals: ConsumerSignals) => {
      made += 1;
      if (made === 2) throw new Error('bad settings');
      const consumer = new FakeConsumer(signals);
      consumers.push(consumer);
      return consumer;
    };
    const { supervisor, clock } = aSupervisor({ create });
    const started = supervisor.start();
    consumers[0]!.running();
    consumers[0]!.signals.joined();
    await started;
    consumers[0]!.signals.crashed(new Error('crash'));
    await clock.advance(750);
    expect(supervisor.status()).toMatchObject({ state: 'stopped', restarts: 1 });
    await clock.advance(1_500);
    expect(consumers).toHaveLength(2);
    expect(supervisor.status()).toMatchObject({ state: 'rejoining', restarts: 2 });

    const refusing = aSupervisor({
      create: () => {
        throw new Error('heartbeatInterval must be lower than sessionTimeout');
      },
    });
    expect(() => refusing.supervisor.start()).toThrow(
      'heartbeatInterval must be lower than sessionTimeout',
    );
  });

  it('carries over since when the group has had no member, from a subscription of it that gave up', () => {
    const { supervisor } = aSupervisor({ notJoinedSince: START - 90_000 });
    void supervisor.start();
    expect(supervisor.status()).toMatchObject({ state: 'joining', notJoinedSince: START - 90_000 });
  });

  it('starts the next consumer only after the crashed one has let go', async () => {
    let releaseStop!: () => void;
    const consumers: FakeConsumer[] = [];
    const create = (signals: ConsumerSignals) => {
      const consumer = new FakeConsumer(signals);
      if (consumers.length === 0)
        consumer.stop = () => new Promise<void>((resolve) => (releaseStop = resolve));
      consumers.push(consumer);
      return consumer;
    };
    const { supervisor, clock } = aSupervisor({ create });
    const started = supervisor.start();
    consumers[0]!.signals.joined();
    await started;
    consumers[0]!.signals.crashed(new Error('crash'));
    await clock.advance(750);
    expect(consumers).toHaveLength(1);
    releaseStop();
    await settle();
    expect(consumers).toHaveLength(2);
    expect(supervisor.status()).toMatchObject({ state: 'rejoining', restarts: 1 });
  });
});
