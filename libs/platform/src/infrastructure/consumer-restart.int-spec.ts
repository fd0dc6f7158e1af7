import { Module } from '@nestjs/common';
import type { EventBus, IncomingMessage, Subscription } from '@gatehouse/messaging';
import { type RunningKafkaBroker, startKafkaBroker, waitUntil } from '@gatehouse/testing';
import { Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { bootstrapService, type RunningService } from '../bootstrap/service-bootstrap';
import type { ReadinessReport } from '../health/readiness-check';
import { CapturedLog } from '../testing/captured-log';
import { EVENT_BUS, MessagingModule } from './messaging.module';

jest.setTimeout(240_000);

const REJOIN_LIMIT_MS = 2_000;

/**
 * A service's consumer through a controlled shutdown and restart of its broker (a broker of this
 * suite's own, so it can be stopped): kafkajs crashes the consumer while the broker is away, the
 * bus starts new ones until one joins, and /readyz says the consumer is out of its group
 * meanwhile (docs/operations.md "Readiness").
 */
describe('a Kafka consumer through a broker restart', () => {
  const run = randomBytes(4).toString('hex');
  const topic = `consumer-restart-${run}`;
  const log = new CapturedLog();
  let kafka: RunningKafkaBroker;
  let service: RunningService;
  let bus: EventBus;

  beforeAll(async () => {
    kafka = await startKafkaBroker();
    @Module({
      imports: [
        MessagingModule.forRoot({
          type: 'kafka',
          brokers: [kafka.brokers],
          clientId: `consumer-restart-${run}`,
          consumerRejoinLimitMs: REJOIN_LIMIT_MS,
        }),
      ],
    })
    class ServiceUnderTest {}
    service = await bootstrapService({
      name: 'consumer-restart',
      module: ServiceUnderTest,
      port: 0,
      host: '127.0.0.1',
      logDestination: log,
      handleProcessSignals: false,
    });
    bus = service.app.get<EventBus>(EVENT_BUS);
    await bus.ensureTopics([{ topic, partitions: 1 }]);
  });

  afterAll(async () => {
    await service?.close();
    await kafka?.stop();
  });

  async function readiness(): Promise<{ status: number; report: ReadinessReport }> {
    const response = await fetch(`${service.url}/readyz`);
    return { status: response.status, report: (await response.json()) as ReadinessReport };
  }

  async function publishedOnce(value: string): Promise<void> {
    await waitUntil(
      `publishing ${value}`,
      async () => {
        try {
          await bus.publish(topic, [{ key: 'k', value }]);
          return true;
        } catch {
          return false;
        }
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
  }

  it('is replaced by a new consumer after it crashes, which handles what is published after; /readyz says it is out of its group meanwhile', async () => {
    const groupId = `consumer-restart-${run}`;
    const handled: string[] = [];
    const subscription = await bus.subscribe({
      topics: [topic],
      groupId,
      handler: async (message: IncomingMessage) => void handled.push(message.value),
    });
    const ready = await readiness();
    expect(ready).toEqual({
      status: 200,
      report: {
        status: 'ready',
        checks: { kafka: 'ok', consumers: 'ok' },
        details: { consumers: { [groupId]: 'joined' } },
      },
    });
    await publishedOnce('before');
    await waitUntil('the message published before the outage', () => handled.includes('before'), {
      intervalMs: 200,
    });

    await kafka.halt();
    // The consumer crashes once kafkajs gives up on the broker, and the bus starts another.
    await waitUntil(
      'a new consumer started after a crash',
      () => bus.consumers().some((status) => status.groupId === groupId && status.restarts >= 1),
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    const down = await waitUntil(
      'readiness past the rejoin limit',
      async () => {
        const answer = await readiness();
        return answer.status === 503 && answer.report.checks?.consumers !== 'ok' && answer;
      },
      { intervalMs: 200 },
    );
    expect(down.report.checks?.consumers).toMatch(
      new RegExp(
        `^${groupId} (stopped|rejoining) for \\d+ s \\(\\d+ restarts?\\): out of the group longer than the 2 s limit`,
      ),
    );
    expect(down.report.details?.consumers?.[groupId]).toMatch(/^(stopped|rejoining) for \d+ s/);
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(
        `gatehouse_event_consumer_state\\{group="${groupId}",state="joined",service="consumer-restart"\\} 0`,
      ),
    );

    await kafka.resume();
    await waitUntil(
      'the consumer joined again',
      () =>
        bus.consumers().some((status) => status.groupId === groupId && status.state === 'joined'),
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    await publishedOnce('after');
    await waitUntil('the message published after the restart', () => handled.includes('after'), {
      intervalMs: 200,
    });
    const back = await readiness();
    expect(back.status).toBe(200);
    expect(back.report.details?.consumers?.[groupId]).toBe('joined');
    expect(
      log.entries.filter(
        (entry) =>
          entry.msg === 'Kafka consumer crashed; starting a new one after the back-off' &&
          entry.groupId === groupId,
      ).length,
    ).toBeGreaterThan(0);
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        msg: 'Kafka consumer joined its group again after a crash',
        groupId,
      }),
    );
    await subscription.close();
    expect(bus.consumers().filter((status) => status.groupId === groupId)).toEqual([]);
  });

  it('closes while its consumer is being replaced, with the broker down, and leaves no member in the group', async () => {
    const groupId = `consumer-restart-close-${run}`;
    let subscription: Subscription | undefined = await bus.subscribe({
      topics: [topic],
      groupId,
      fromBeginning: true,
      handler: async () => undefined,
    });
    await kafka.halt();
    await waitUntil(
      'a crash',
      () =>
        bus
          .consumers()
          .some(
            (status) =>
              status.groupId === groupId && status.state !== 'joined' && status.restarts >= 1,
          ),
      { timeoutMs: 90_000, intervalMs: 200 },
    );

    // Closes with the broker still down: it does not wait for the broker. That it cancels the
    // pending restart at once is consumer-supervisor.spec.ts's, on a fake clock.
    await subscription.close();
    subscription = undefined;
    expect(bus.consumers().filter((status) => status.groupId === groupId)).toEqual([]);

    await kafka.resume();
    const admin = new Kafka({
      clientId: `consumer-restart-admin-${run}`,
      brokers: [kafka.brokers],
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      // The member from before the outage is dropped when its session runs out; none comes after.
      await waitUntil(
        'an empty group',
        async () => {
          const { groups } = await admin.describeGroups([groupId]);
          return groups[0]!.members.length === 0;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
    } finally {
      await admin.disconnect();
    }
  });
});
