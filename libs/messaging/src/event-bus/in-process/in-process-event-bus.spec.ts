import { waitUntil } from '@gatehouse/testing';
import { describeEventBusContract } from '../event-bus.contract';
import { IncomingMessage } from '../event-bus';
import { InProcessEventBus } from './in-process-event-bus';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeEventBusContract(
  'InProcessEventBus',
  async (settings) => new InProcessEventBus({ ...settings, logger: silent }),
  {
    waitTimeoutMs: 3000,
  },
);

describe('InProcessEventBus', () => {
  it('never runs a handler inside publish()', async () => {
    const bus = new InProcessEventBus({ logger: silent });
    const received: string[] = [];
    await bus.subscribe({
      topics: ['t'],
      groupId: 'g',
      handler: async (m) => void received.push(m.value),
    });
    await bus.publish('t', [{ key: 'k', value: 'v' }]);
    expect(received).toEqual([]);
    await waitUntil('the handler to run', () => received.length > 0, { intervalMs: 5 });
    expect(received).toEqual(['v']);
    await bus.close();
  });

  it('forgets consumed messages beyond its retention, so a late group starts at the oldest kept one', async () => {
    const bus = new InProcessEventBus({ logger: silent, defaultPartitions: 1, retainMessages: 2 });
    let early = 0;
    await bus.subscribe({
      topics: ['t'],
      groupId: 'early',
      fromBeginning: true,
      handler: async () => void (early += 1),
    });
    await bus.publish(
      't',
      ['1', '2', '3', '4', '5'].map((value) => ({ key: 'k', value })),
    );
    await waitUntil('the early group to consume all five', () => early === 5, { intervalMs: 5 });
    const late: IncomingMessage[] = [];
    await bus.subscribe({
      topics: ['t'],
      groupId: 'late',
      fromBeginning: true,
      handler: async (m) => void late.push(m),
    });
    await waitUntil('the late group to read what is kept', () => late.length >= 2, {
      intervalMs: 5,
    });
    expect(late.map((m) => [m.offset, m.value])).toEqual([
      ['3', '4'],
      ['4', '5'],
    ]);
    await bus.close();
  });

  it('keeps messages a group has not consumed yet, whatever the retention', async () => {
    const bus = new InProcessEventBus({ logger: silent, defaultPartitions: 1, retainMessages: 1 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: string[] = [];
    let fast = 0;
    await bus.subscribe({ topics: ['t'], groupId: 'fast', handler: async () => void (fast += 1) });
    await bus.subscribe({
      topics: ['t'],
      groupId: 'slow',
      handler: async (m) => {
        await gate;
        slow.push(m.value);
      },
    });
    await bus.publish(
      't',
      ['a', 'b', 'c'].map((value) => ({ key: 'k', value })),
    );
    await waitUntil('the fast group to consume all three', () => fast === 3, { intervalMs: 5 });
    release();
    await waitUntil('the slow group to consume all three', () => slow.length === 3, {
      intervalMs: 5,
    });
    expect(slow).toEqual(['a', 'b', 'c']);
    await bus.close();
  });
});
