import { Registry } from 'prom-client';
import { registerReadinessMetrics } from './readiness-metrics';
import { ReadinessRegistry } from './readiness-registry';

describe('gatehouse_dependency_up', () => {
  function rig() {
    const readiness = new ReadinessRegistry();
    const metrics = new Registry();
    registerReadinessMetrics(metrics, readiness);
    const scrape = async () =>
      (await metrics.getSingleMetricAsString('gatehouse_dependency_up'))
        .split('\n')
        .filter((line) => !line.startsWith('#'));
    return { readiness, scrape };
  }

  it('is 1 for each dependency that answers and 0 for each that does not, at every scrape', async () => {
    const { readiness, scrape } = rig();
    let redisUp = true;
    readiness.register({ name: 'postgres', check: async () => undefined });
    readiness.register({
      name: 'redis',
      check: async () => {
        if (!redisUp) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
      },
    });
    expect(await scrape()).toEqual([
      'gatehouse_dependency_up{dependency="postgres"} 1',
      'gatehouse_dependency_up{dependency="redis"} 1',
    ]);
    redisUp = false;
    expect(await scrape()).toEqual([
      'gatehouse_dependency_up{dependency="postgres"} 1',
      'gatehouse_dependency_up{dependency="redis"} 0',
    ]);
  });

  it('counts an optional dependency that is down as down, though the process stays ready', async () => {
    const { readiness, scrape } = rig();
    readiness.register({
      name: 'kafka',
      required: false,
      check: async () => {
        throw new Error('broker unreachable');
      },
    });
    expect(await scrape()).toEqual(['gatehouse_dependency_up{dependency="kafka"} 0']);
  });

  it('reports no series while draining', async () => {
    const { readiness, scrape } = rig();
    readiness.register({ name: 'postgres', check: async () => undefined });
    readiness.startDraining();
    expect(await scrape()).toEqual([]);
  });
});
