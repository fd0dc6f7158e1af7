import { Registry } from 'prom-client';
import { registerOutboxMetrics } from './outbox-metrics';

describe('gatehouse_outbox_oldest_unsent_seconds', () => {
  async function scrape(registry: Registry): Promise<string[]> {
    const text = await registry.getSingleMetricAsString('gatehouse_outbox_oldest_unsent_seconds');
    return text.split('\n').filter((line) => !line.startsWith('#'));
  }

  it("is the relay's oldest unsent age at each scrape, asked at the scrape's time", async () => {
    let age = 0;
    const askedAt: number[] = [];
    const registry = new Registry();
    registerOutboxMetrics(
      registry,
      {
        oldestUnsentAgeSeconds: async (now) => {
          askedAt.push(now);
          return age;
        },
      },
      () => 1_000,
    );
    expect(await scrape(registry)).toEqual(['gatehouse_outbox_oldest_unsent_seconds 0']);
    age = 90;
    expect(await scrape(registry)).toEqual(['gatehouse_outbox_oldest_unsent_seconds 90']);
    expect(askedAt).toEqual([1_000, 1_000]);
  });

  it('reports NaN, and keeps /metrics whole, when the store cannot answer', async () => {
    const registry = new Registry();
    registerOutboxMetrics(registry, {
      oldestUnsentAgeSeconds: async () => {
        throw new Error('connection terminated');
      },
    });
    expect(await scrape(registry)).toEqual(['gatehouse_outbox_oldest_unsent_seconds Nan']);
    await expect(registry.metrics()).resolves.toContain('gatehouse_outbox_oldest_unsent_seconds');
  });
});
