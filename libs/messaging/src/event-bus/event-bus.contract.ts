import { staysTrueFor, waitUntil } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { deadLetterTopic } from '../topics';
import { DEAD_LETTER_HEADERS } from './dead-letter';
import { EventBus, IncomingMessage, Subscription } from './event-bus';
import { RetryBackoff } from './handle-with-retries';

/** Settings every adapter under test is built with, so the timings below hold for both. */
export interface EventBusContractSettings {
  backoff: RetryBackoff;
  shutdownTimeoutMs: number;
}

const CONTRACT_SETTINGS: EventBusContractSettings = {
  backoff: { initialMs: 10, maxMs: 40 },
  shutdownTimeoutMs: 500,
};

/**
 * The delivery rules of the EventBus port (event-bus.ts), written once and run against every
 * adapter: in-process-event-bus.spec.ts and kafka-event-bus.int-spec.ts.
 */
export function describeEventBusContract(
  adapter: string,
  createBus: (settings: EventBusContractSettings) => Promise<EventBus>,
  { waitTimeoutMs = 20_000 }: { waitTimeoutMs?: number } = {},
): void {
  describe(`EventBus contract: ${adapter}`, () => {
    let bus: EventBus;
    let run: string;
    const opened: Subscription[] = [];
    const topicNamed = (name: string) => `contract.${name}.${run}`;
    const groupNamed = (name: string) => `contract-${name}-${run}`;
    const waitFor = (what: string, condition: () => boolean) =>
      waitUntil(what, condition, { timeoutMs: waitTimeoutMs, intervalMs: 10 });
    const subscribe: EventBus['subscribe'] = async (options) => {
      const subscription = await bus.subscribe(options);
      opened.push(subscription);
      return subscription;
    };

    beforeEach(async () => {
      run = randomBytes(4).toString('hex');
      bus = await createBus(CONTRACT_SETTINGS);
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((subscription) => subscription.close()));
      await bus.close();
    });

    it('delivers each published message with its topic, key, value, headers, partition, offset and time', async () => {
      const topic = topicNamed('delivery');
      await bus.ensureTopics([{ topic, partitions: 3 }]);
      const received: IncomingMessage[] = [];
      await subscribe({
        topics: [topic],
        groupId: groupNamed('delivery'),
        fromBeginning: true,
        handler: async (m) => void received.push(m),
      });

      const before = Date.now();
      await bus.publish(topic, [
        { key: 'repo-a', value: '{"n":1}', headers: { 'x-trace': 't-1' } },
        { key: 'repo-b', value: '{"n":2}' },
      ]);
      await waitFor('both messages', () => received.length === 2);

      const byKey = Object.fromEntries(received.map((m) => [m.key, m]));
      expect(byKey['repo-a']).toMatchObject({
        topic,
        key: 'repo-a',
        value: '{"n":1}',
        headers: { 'x-trace': 't-1' },
      });
      expect(byKey['repo-b']).toMatchObject({
        topic,
        key: 'repo-b',
        value: '{"n":2}',
        headers: {},
      });
      for (const message of received) {
        expect([0, 1, 2]).toContain(message.partition);
        expect(message.offset).toMatch(/^\d+$/);
        expect(message.timestamp).toBeGreaterThanOrEqual(before - 1000);
        expect(message.timestamp).toBeLessThanOrEqual(Date.now() + 1000);
      }
    });

    it('starts a new group at the oldest message only when asked to', async () => {
      const topic = topicNamed('start');
      await bus.ensureTopics([{ topic, partitions: 1 }]);
      await bus.publish(topic, [{ key: 'k', value: 'old' }]);
      const fromStart: string[] = [];
      const fromEnd: string[] = [];
      await subscribe({
        topics: [topic],
        groupId: groupNamed('from-start'),
        fromBeginning: true,
        handler: async (m) => void fromStart.push(m.value),
      });
      await subscribe({
        topics: [topic],
        groupId: groupNamed('from-end'),
        handler: async (m) => void fromEnd.push(m.value),
      });

      await bus.publish(topic, [{ key: 'k', value: 'new' }]);
      await waitFor(
        'both groups to see the new message',
        () => fromStart.length === 2 && fromEnd.length === 1,
      );
      expect(fromStart).toEqual(['old', 'new']);
      expect(fromEnd).toEqual(['new']);
    });

    it('commits only after the handler resolves: a consumer that dies mid-handler leaves the message to its successor', async () => {
      const topic = topicNamed('commit');
      const groupId = groupNamed('commit');
      await bus.ensureTopics([{ topic, partitions: 1 }]);
      const firstRun: string[] = [];
      const crashed = await subscribe({
        topics: [topic],
        groupId,
        fromBeginning: true,
        handler: async (m) => {
          firstRun.push(m.value);
          if (m.value === 'second') await new Promise<never>(() => undefined); // dies before resolving
        },
      });
      await bus.publish(topic, [
        { key: 'k', value: 'first' },
        { key: 'k', value: 'second' },
      ]);
      await waitFor('the first consumer to reach the second message', () => firstRun.length === 2);
      await crashed.close(); // gives up on the hung handler after shutdownTimeoutMs

      const secondRun: IncomingMessage[] = [];
      await subscribe({
        topics: [topic],
        groupId,
        fromBeginning: true,
        handler: async (m) => void secondRun.push(m),
      });
      await waitFor('the successor to get the uncommitted message', () => secondRun.length >= 1);
      await bus.publish(topic, [{ key: 'k', value: 'third' }]);
      await waitFor('the successor to go on', () => secondRun.length >= 2);
      expect(secondRun.map((m) => m.value)).toEqual(['second', 'third']);
    });

    it('finishes the in-flight handler on close and keeps its commit', async () => {
      const topic = topicNamed('graceful');
      const groupId = groupNamed('graceful');
      await bus.ensureTopics([{ topic, partitions: 1 }]);
      let release: () => void = () => undefined;
      let started = false;
      const handled: string[] = [];
      const first = await subscribe({
        topics: [topic],
        groupId,
        fromBeginning: true,
        handler: async (m) => {
          started = true;
          await new Promise<void>((resolve) => (release = resolve));
          handled.push(m.value);
        },
      });
      await bus.publish(topic, [{ key: 'k', value: 'slow' }]);
      await waitFor('the handler to start', () => started);
      let closed = false;
      const closing = first.close().then(() => void (closed = true));
      await staysTrueFor('close() to wait for the handler in flight', () => !closed, 100);
      release();
      await closing;
      expect(handled).toEqual(['slow']);

      const afterRestart: string[] = [];
      await subscribe({
        topics: [topic],
        groupId,
        fromBeginning: true,
        handler: async (m) => void afterRestart.push(m.value),
      });
      await bus.publish(topic, [{ key: 'k', value: 'next' }]);
      await waitFor('the next message', () => afterRestart.length >= 1);
      expect(afterRestart).toEqual(['next']);
    });

    it('retries a failing handler, then dead-letters the message and goes on with the partition', async () => {
      const topic = topicNamed('poison');
      await bus.ensureTopics([
        { topic, partitions: 1 },
        { topic: deadLetterTopic(topic), partitions: 1 },
      ]);
      const attempts: Record<string, number> = {};
      const handled: string[] = [];
      await subscribe({
        topics: [topic],
        groupId: groupNamed('poison'),
        fromBeginning: true,
        maxAttempts: 3,
        handler: async (m) => {
          attempts[m.value] = (attempts[m.value] ?? 0) + 1;
          if (m.value === 'poison') throw new TypeError('cannot read this');
          if (m.value === 'flaky' && attempts.flaky < 3) throw new Error('not yet');
          handled.push(m.value);
        },
      });
      const deadLetters: IncomingMessage[] = [];
      await subscribe({
        topics: [deadLetterTopic(topic)],
        groupId: groupNamed('dlq-reader'),
        fromBeginning: true,
        handler: async (m) => void deadLetters.push(m),
      });

      await bus.publish(topic, [
        { key: 'same-key', value: 'poison', headers: { 'x-trace': 't-9' } },
        { key: 'same-key', value: 'flaky' },
        { key: 'same-key', value: 'fine' },
      ]);
      await waitFor('the messages after the poison one', () => handled.length === 2);
      await waitFor('the dead letter', () => deadLetters.length === 1);

      expect(handled).toEqual(['flaky', 'fine']);
      expect(attempts).toEqual({ poison: 3, flaky: 3, fine: 1 });
      const [letter] = deadLetters;
      expect(letter).toMatchObject({
        topic: deadLetterTopic(topic),
        key: 'same-key',
        value: 'poison',
      });
      expect(letter.headers).toMatchObject({
        'x-trace': 't-9',
        [DEAD_LETTER_HEADERS.originalTopic]: topic,
        [DEAD_LETTER_HEADERS.originalPartition]: '0',
        [DEAD_LETTER_HEADERS.originalOffset]: '0',
        [DEAD_LETTER_HEADERS.groupId]: groupNamed('poison'),
        [DEAD_LETTER_HEADERS.attempts]: '3',
        [DEAD_LETTER_HEADERS.errorName]: 'TypeError',
        [DEAD_LETTER_HEADERS.errorMessage]: 'cannot read this',
      });
      expect(new Date(letter.headers[DEAD_LETTER_HEADERS.failedAt]).toISOString()).toBe(
        letter.headers[DEAD_LETTER_HEADERS.failedAt],
      );
    });

    it('gives a batch handler the fetched messages of a partition together, in order, and commits past the last', async () => {
      const topic = topicNamed('batch');
      const groupId = groupNamed('batch');
      await bus.ensureTopics([{ topic, partitions: 1 }]);
      await bus.publish(
        topic,
        ['m1', 'm2', 'm3', 'm4'].map((value) => ({ key: 'k', value })),
      );
      const batches: string[][] = [];
      const one: string[] = [];
      const first = await subscribe({
        topics: [topic],
        groupId,
        fromBeginning: true,
        handler: async (m) => void one.push(m.value),
        batchHandler: async (messages) => void batches.push(messages.map((m) => m.value)),
      });
      await waitFor('the four messages', () => batches.flat().length === 4);
      expect(batches.flat()).toEqual(['m1', 'm2', 'm3', 'm4']);
      expect(batches[0]!.length).toBeGreaterThan(1);
      expect(one).toEqual([]);
      await first.close();

      const afterRestart: string[] = [];
      await subscribe({
        topics: [topic],
        groupId,
        fromBeginning: true,
        handler: async () => undefined,
        batchHandler: async (messages) => void afterRestart.push(...messages.map((m) => m.value)),
      });
      await bus.publish(topic, [{ key: 'k', value: 'm5' }]);
      await waitFor('the next message', () => afterRestart.length >= 1);
      expect(afterRestart).toEqual(['m5']);
    });

    it('hands the messages of a failed batch one by one to the handler: only the bad one is dead-lettered', async () => {
      const topic = topicNamed('batch-poison');
      await bus.ensureTopics([
        { topic, partitions: 1 },
        { topic: deadLetterTopic(topic), partitions: 1 },
      ]);
      await bus.publish(
        topic,
        ['good-1', 'poison', 'good-2'].map((value) => ({ key: 'k', value })),
      );
      const handled: string[] = [];
      await subscribe({
        topics: [topic],
        groupId: groupNamed('batch-poison'),
        fromBeginning: true,
        maxAttempts: 2,
        handler: async (m) => {
          if (m.value === 'poison') throw new TypeError('cannot read this');
          handled.push(m.value);
        },
        batchHandler: async (messages) => {
          if (messages.some((m) => m.value === 'poison')) throw new TypeError('cannot read this');
          handled.push(...messages.map((m) => m.value));
        },
      });
      const deadLetters: IncomingMessage[] = [];
      await subscribe({
        topics: [deadLetterTopic(topic)],
        groupId: groupNamed('batch-dlq-reader'),
        fromBeginning: true,
        handler: async (m) => void deadLetters.push(m),
      });
      await waitFor('the dead letter', () => deadLetters.length === 1);
      await waitFor('the good messages', () => handled.length === 2);
      expect(handled).toEqual(['good-1', 'good-2']);
      expect(deadLetters.map((m) => m.value)).toEqual(['poison']);
      expect(deadLetters[0]!.headers[DEAD_LETTER_HEADERS.attempts]).toBe('2');
    });

    it('hands the messages of one key to the handler one at a time, in publish order', async () => {
      const topic = topicNamed('order');
      await bus.ensureTopics([{ topic, partitions: 3 }]);
      const keys = ['repo-1', 'repo-2', 'repo-3', 'repo-4'];
      const seen: Record<string, number[]> = {};
      let running = new Set<string>();
      let overlap = false;
      await subscribe({
        topics: [topic],
        groupId: groupNamed('order'),
        fromBeginning: true,
        handler: async (m) => {
          if (running.has(m.key)) overlap = true;
          running = new Set(running).add(m.key);
          // Some handlers yield to the event loop a turn or two, so the keys' handlers interleave.
          for (let turn = 0; turn < Number(m.value) % 3; turn += 1)
            await new Promise((resolve) => setImmediate(resolve));
          (seen[m.key] ??= []).push(Number(m.value));
          running.delete(m.key);
        },
      });
      for (let batch = 0; batch < 5; batch += 1) {
        await bus.publish(
          topic,
          keys.flatMap((key) => [0, 1].map((i) => ({ key, value: String(batch * 2 + i) }))),
        );
      }
      await waitFor('every message', () => Object.values(seen).flat().length === 40);
      for (const key of keys) expect(seen[key]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(overlap).toBe(false);
    });

    it('gives every group every message', async () => {
      const topic = topicNamed('fan-out');
      await bus.ensureTopics([{ topic, partitions: 3 }]);
      const byGroup: Record<string, string[]> = { index: [], audit: [] };
      for (const name of Object.keys(byGroup)) {
        await subscribe({
          topics: [topic],
          groupId: groupNamed(name),
          fromBeginning: true,
          handler: async (m) => void byGroup[name].push(m.value),
        });
      }
      const values = Array.from({ length: 12 }, (_, i) => `event-${i}`);
      await bus.publish(
        topic,
        values.map((value, i) => ({ key: `key-${i}`, value })),
      );
      await waitFor(
        'both groups to get everything',
        () => byGroup.index.length === 12 && byGroup.audit.length === 12,
      );
      expect([...byGroup.index].sort()).toEqual([...values].sort());
      expect([...byGroup.audit].sort()).toEqual([...values].sort());
    });

    it('shares the partitions between the subscribers of one group, each message handled once', async () => {
      const topic = topicNamed('share');
      await bus.ensureTopics([{ topic, partitions: 3 }]);
      const groupId = groupNamed('share');
      const byMember: Record<string, string[]> = { one: [], two: [] };
      for (const member of Object.keys(byMember)) {
        await subscribe({
          topics: [topic],
          groupId,
          fromBeginning: true,
          handler: async (m) => void byMember[member].push(m.value),
        });
      }
      const values = Array.from({ length: 60 }, (_, i) => `event-${i}`);
      await bus.publish(
        topic,
        values.map((value, i) => ({ key: `key-${i}`, value })),
      );
      await waitFor('every message', () => byMember.one.length + byMember.two.length >= 60);
      await staysTrueFor(
        'no message handled twice',
        () => byMember.one.length + byMember.two.length === 60,
        200,
      );

      expect([...byMember.one, ...byMember.two].sort()).toEqual([...values].sort());
      expect(byMember.one.length).toBeGreaterThan(0);
      expect(byMember.two.length).toBeGreaterThan(0);
    });

    it('reports each subscriber joined once subscribe() resolved, and forgets it once closed', async () => {
      const topic = topicNamed('status');
      await bus.ensureTopics([{ topic, partitions: 1 }]);
      const groupId = groupNamed('status');
      const subscription = await bus.subscribe({
        topics: [topic],
        groupId,
        handler: async () => undefined,
      });
      expect(bus.consumers().filter((consumer) => consumer.groupId === groupId)).toEqual([
        { groupId, topics: [topic], state: 'joined', restarts: 0 },
      ]);
      await subscription.close();
      expect(bus.consumers().filter((consumer) => consumer.groupId === groupId)).toEqual([]);
    });

    it('answers ping while open and refuses work once closed', async () => {
      await expect(bus.ping()).resolves.toBeUndefined();
      await bus.close();
      await expect(bus.publish(topicNamed('closed'), [{ key: 'k', value: 'v' }])).rejects.toThrow(
        /closed/,
      );
    });
  });
}
