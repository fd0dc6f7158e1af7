import { ReadinessRegistry } from '@gatehouse/platform';
import { silentLogger } from './testing/fakes';
import type { DeliveryPipeline } from './delivery-pipeline';
import { DeliveryPipelineLifecycle } from './delivery-pipeline-lifecycle';

/** A pipeline whose start fails `failures` times (the broker away), then runs. */
function flakyPipeline(failures: number) {
  const calls = { start: 0, stop: 0 };
  let started = false;
  const pipeline = {
    get isStarted() {
      return started;
    },
    async start() {
      calls.start += 1;
      if (calls.start <= failures) throw new Error('Kafka did not answer');
      started = true;
    },
    async stop() {
      calls.stop += 1;
      started = false;
    },
  };
  return { pipeline: pipeline as unknown as DeliveryPipeline, calls };
}

describe('DeliveryPipelineLifecycle', () => {
  afterEach(() => jest.useRealTimers());

  it('in the background, lets start-up finish at once, reports not ready, and keeps starting until the pipeline runs', async () => {
    jest.useFakeTimers();
    const { pipeline, calls } = flakyPipeline(2);
    const readiness = new ReadinessRegistry();
    const lifecycle = new DeliveryPipelineLifecycle(pipeline, readiness, silentLogger, true);
    lifecycle.onModuleInit();
    await lifecycle.onApplicationBootstrap();
    expect(calls.start).toBe(1);
    await expect(readiness.evaluate()).resolves.toEqual({
      status: 'not_ready',
      checks: { delivery: 'the delivery pipeline is not running' },
    });

    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls.start).toBe(2);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(calls.start).toBe(3);
    await expect(readiness.evaluate()).resolves.toEqual({
      status: 'ready',
      checks: { delivery: 'ok' },
    });

    await lifecycle.beforeApplicationShutdown();
    expect(calls.stop).toBe(1);
  });

  it('stops trying once the application shuts down', async () => {
    jest.useFakeTimers();
    const { pipeline, calls } = flakyPipeline(100);
    const lifecycle = new DeliveryPipelineLifecycle(
      pipeline,
      new ReadinessRegistry(),
      silentLogger,
      true,
    );
    await lifecycle.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);
    await lifecycle.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls.start).toBe(1);
    expect(calls.stop).toBe(0);
  });

  it('without the background option, start-up waits for the pipeline and fails with it', async () => {
    const { pipeline } = flakyPipeline(1);
    const lifecycle = new DeliveryPipelineLifecycle(
      pipeline,
      new ReadinessRegistry(),
      silentLogger,
      false,
    );
    await expect(lifecycle.onApplicationBootstrap()).rejects.toThrow('Kafka did not answer');
  });
});
