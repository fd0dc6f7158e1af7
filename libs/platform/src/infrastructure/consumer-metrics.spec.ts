import type { ConsumerStatus } from '@gatehouse/messaging';
import { Registry } from 'prom-client';
import { consumersReportingBus } from '../testing/consumers-reporting-bus';
import { registerConsumerMetrics } from './consumer-metrics';

const NOW = 1_700_000_000_000;

describe('registerConsumerMetrics', () => {
  it("exposes each group's state and time out of the group as it is at the scrape", async () => {
    let statuses: ConsumerStatus[] = [
      {
        groupId: 'gatehouse.principal-cache',
        topics: ['gatehouse.token-events.v1'],
        state: 'stopped',
        notJoinedSince: NOW - 42_500,
        restarts: 3,
      },
      {
        groupId: 'gatehouse-delivery-worker',
        topics: ['gatehouse.repo-events.v1'],
        state: 'joined',
        restarts: 0,
      },
    ];
    const registry = new Registry();
    registerConsumerMetrics(
      registry,
      consumersReportingBus(() => statuses),
      () => NOW,
    );

    const text = await registry.metrics();
    expect(text).toContain(
      'gatehouse_event_consumer_state{group="gatehouse.principal-cache",state="stopped"} 1',
    );
    expect(text).toContain(
      'gatehouse_event_consumer_state{group="gatehouse.principal-cache",state="joined"} 0',
    );
    expect(text).toContain(
      'gatehouse_event_consumer_state{group="gatehouse-delivery-worker",state="joined"} 1',
    );
    expect(text).toContain(
      'gatehouse_event_consumer_not_joined_seconds{group="gatehouse.principal-cache"} 42.5',
    );
    expect(text).toContain(
      'gatehouse_event_consumer_not_joined_seconds{group="gatehouse-delivery-worker"} 0',
    );

    statuses = [
      {
        groupId: 'gatehouse-delivery-worker',
        topics: ['gatehouse.repo-events.v1'],
        state: 'rejoining',
        notJoinedSince: NOW - 1_000,
        restarts: 0,
      },
    ];
    const later = await registry.metrics();
    expect(later).not.toContain('gatehouse.principal-cache');
    expect(later).toContain(
      'gatehouse_event_consumer_state{group="gatehouse-delivery-worker",state="rejoining"} 1',
    );
    expect(later).toContain(
      'gatehouse_event_consumer_not_joined_seconds{group="gatehouse-delivery-worker"} 1',
    );
  });
});
