import type { ConsumerStatus, EventBus } from '@gatehouse/messaging';
import { consumersReportingBus } from '../testing/consumers-reporting-bus';
import { ReadinessRegistry } from '../health/readiness-registry';
import { consumerGroups, consumersReadinessCheck, describeConsumer } from './consumer-readiness';

const NOW = 1_700_000_000_000;
const LIMIT_MS = 60_000;

function aConsumer(overrides: Partial<ConsumerStatus> = {}): ConsumerStatus {
  return {
    groupId: 'gatehouse.principal-cache',
    topics: ['gatehouse.token-events.v1'],
    state: 'joined',
    restarts: 0,
    ...overrides,
  };
}

const aBus = (statuses: ConsumerStatus[], brokerAnswers = true) =>
  consumersReportingBus(() => statuses, { brokerAnswers });

async function readinessOf(bus: EventBus, busRequired = true) {
  const registry = new ReadinessRegistry();
  registry.register(
    consumersReadinessCheck(bus, { rejoinLimitMs: LIMIT_MS, busRequired, now: () => NOW }),
  );
  return registry.evaluate();
}

describe('describeConsumer', () => {
  it.each([
    ['a joined consumer', aConsumer(), 'joined'],
    [
      'one joining for the first time',
      aConsumer({ state: 'joining', notJoinedSince: NOW - 4_500 }),
      'joining for 4 s',
    ],
    [
      'one restarted once',
      aConsumer({ state: 'rejoining', notJoinedSince: NOW - 12_000, restarts: 1 }),
      'rejoining for 12 s (1 restart)',
    ],
    [
      'one waiting out its back-off',
      aConsumer({ state: 'stopped', notJoinedSince: NOW - 75_000, restarts: 4 }),
      'stopped for 75 s (4 restarts)',
    ],
    [
      'one whose clock runs ahead',
      aConsumer({ state: 'rejoining', notJoinedSince: NOW + 500 }),
      'rejoining for 0 s',
    ],
  ])('reads %s as the line given', (_label, status, line) => {
    expect(describeConsumer(status, NOW)).toBe(line);
  });
});

describe('consumerGroups', () => {
  it('keeps, of several subscribers of one group, the one out of it longest', () => {
    const longest = aConsumer({ state: 'stopped', notJoinedSince: NOW - 90_000 });
    expect(
      consumerGroups([
        aConsumer(),
        aConsumer({ state: 'rejoining', notJoinedSince: NOW - 5_000 }),
        longest,
        aConsumer({ groupId: 'other' }),
      ]),
    ).toEqual([longest, aConsumer({ groupId: 'other' })]);
  });
});

describe('the consumers readiness check', () => {
  it('is ready with every consumer joined, and lists each group', async () => {
    const bus = aBus([
      aConsumer(),
      aConsumer({
        groupId: 'gatehouse-delivery-worker.replays',
        topics: ['gatehouse.delivery-replay.v1'],
      }),
    ]);
    await expect(readinessOf(bus)).resolves.toEqual({
      status: 'ready',
      checks: { consumers: 'ok' },
      details: {
        consumers: {
          'gatehouse.principal-cache': 'joined',
          'gatehouse-delivery-worker.replays': 'joined',
        },
      },
    });
  });

  it('stays ready while a consumer is out of its group for less than the limit, and says so', async () => {
    const bus = aBus([
      aConsumer({ state: 'rejoining', notJoinedSince: NOW - LIMIT_MS, restarts: 2 }),
    ]);
    await expect(readinessOf(bus)).resolves.toEqual({
      status: 'ready',
      checks: { consumers: 'ok' },
      details: { consumers: { 'gatehouse.principal-cache': 'rejoining for 60 s (2 restarts)' } },
    });
  });

  it('is not ready once a consumer has been out of its group longer than the limit', async () => {
    const bus = aBus([
      aConsumer({ state: 'stopped', notJoinedSince: NOW - LIMIT_MS - 1_000, restarts: 3 }),
      aConsumer({ groupId: 'gatehouse-delivery-worker' }),
    ]);
    await expect(readinessOf(bus)).resolves.toEqual({
      status: 'not_ready',
      checks: {
        consumers:
          'gatehouse.principal-cache stopped for 61 s (3 restarts): out of the group longer than the 60 s limit',
      },
      details: {
        consumers: {
          'gatehouse.principal-cache': 'stopped for 61 s (3 restarts)',
          'gatehouse-delivery-worker': 'joined',
        },
      },
    });
  });

  it('in a process that works without Kafka, fails only while the broker answers', async () => {
    const out = [aConsumer({ state: 'stopped', notJoinedSince: NOW - 120_000, restarts: 9 })];
    await expect(readinessOf(aBus(out, false), false)).resolves.toMatchObject({
      status: 'ready',
      checks: { consumers: 'ok' },
    });
    await expect(readinessOf(aBus(out, true), false)).resolves.toMatchObject({
      status: 'not_ready',
    });
  });

  it('in a process that needs Kafka, fails whether or not the broker answers', async () => {
    const out = [aConsumer({ state: 'rejoining', notJoinedSince: NOW - 120_000 })];
    await expect(readinessOf(aBus(out, false), true)).resolves.toMatchObject({
      status: 'not_ready',
    });
  });

  it('is ready, and lists nothing, in a process without consumers', async () => {
    await expect(readinessOf(aBus([]))).resolves.toEqual({
      status: 'ready',
      checks: { consumers: 'ok' },
    });
  });
});
