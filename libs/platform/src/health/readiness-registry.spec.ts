import type { ReadinessReport } from './readiness-check';
import { ReadinessRegistry } from './readiness-registry';

describe('ReadinessRegistry', () => {
  const ok = (name: string) => ({ name, check: async () => undefined });

  it('is ready when every check passes', async () => {
    const registry = new ReadinessRegistry();
    registry.register(ok('postgres'));
    registry.register(ok('redis'));
    await expect(registry.evaluate()).resolves.toEqual({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok' },
    });
  });

  it('stays ready when only a dependency it can answer without fails, and reports it', async () => {
    const registry = new ReadinessRegistry();
    registry.register(ok('postgres'));
    registry.register({
      name: 'kafka',
      required: false,
      check: async () => {
        throw new Error('Connection error: connect ECONNREFUSED 127.0.0.1:9092');
      },
    });
    await expect(registry.evaluate()).resolves.toEqual({
      status: 'ready',
      checks: { postgres: 'ok', kafka: 'Connection error: connect ECONNREFUSED 127.0.0.1:9092' },
    });
  });

  it('is ready with no checks (a process without dependencies)', async () => {
    await expect(new ReadinessRegistry().evaluate()).resolves.toEqual({
      status: 'ready',
      checks: {},
    });
  });

  it('reports the short reason of a failing check and stays not ready', async () => {
    const registry = new ReadinessRegistry();
    registry.register(ok('postgres'));
    registry.register({
      name: 'redis',
      check: async () => {
        throw new Error('connect ECONNREFUSED\n    127.0.0.1:6379');
      },
    });
    await expect(registry.evaluate()).resolves.toEqual({
      status: 'not_ready',
      checks: { postgres: 'ok', redis: 'connect ECONNREFUSED 127.0.0.1:6379' },
    });
  });

  it('gives up on a hanging check after the timeout', async () => {
    jest.useFakeTimers();
    try {
      const registry = new ReadinessRegistry();
      registry.setTimeout(50);
      registry.register(ok('postgres'));
      registry.register({ name: 'kafka', check: () => new Promise<void>(() => undefined) });
      let report: ReadinessReport | undefined;
      void registry.evaluate().then((answer) => (report = answer));
      await jest.advanceTimersByTimeAsync(49);
      expect(report).toBeUndefined();
      await jest.advanceTimersByTimeAsync(1);
      expect(report).toEqual({
        status: 'not_ready',
        checks: { postgres: 'ok', kafka: 'timed out after 50 ms' },
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts a check that throws synchronously as failed', async () => {
    const registry = new ReadinessRegistry();
    registry.register({
      name: 'broken',
      check: () => {
        throw new Error('not connected');
      },
    });
    await expect(registry.evaluate()).resolves.toEqual({
      status: 'not_ready',
      checks: { broken: 'not connected' },
    });
  });

  it('never repeats credentials of a connection URL', async () => {
    const registry = new ReadinessRegistry();
    registry.register({
      name: 'postgres',
      check: async () => {
        throw new Error('cannot reach postgres://gatehouse:hunter2@db:5432/gatehouse');
      },
    });
    const report = await registry.evaluate();
    expect(report.checks!.postgres).toBe('cannot reach postgres://***@db:5432/gatehouse');
  });

  it('answers draining, without running checks, once draining', async () => {
    const registry = new ReadinessRegistry();
    const check = jest.fn(async () => undefined);
    registry.register({ name: 'postgres', check });
    registry.startDraining();
    await expect(registry.evaluate()).resolves.toEqual({ status: 'draining' });
    expect(check).not.toHaveBeenCalled();
  });

  it('reports the parts behind a check, passing or failing', async () => {
    const registry = new ReadinessRegistry();
    registry.register(ok('postgres'));
    registry.register({
      name: 'consumers',
      check: async () => {
        throw new Error('gatehouse.principal-cache: stopped for 75 s');
      },
      details: () => ({
        'gatehouse.principal-cache': 'stopped for 75 s',
        'gatehouse-delivery-worker': 'joined',
      }),
    });
    await expect(registry.evaluate()).resolves.toEqual({
      status: 'not_ready',
      checks: { postgres: 'ok', consumers: 'gatehouse.principal-cache: stopped for 75 s' },
      details: {
        consumers: {
          'gatehouse.principal-cache': 'stopped for 75 s',
          'gatehouse-delivery-worker': 'joined',
        },
      },
    });
  });

  it('leaves details out when no check has parts', async () => {
    const registry = new ReadinessRegistry();
    registry.register({ ...ok('consumers'), details: () => ({}) });
    await expect(registry.evaluate()).resolves.toEqual({
      status: 'ready',
      checks: { consumers: 'ok' },
    });
  });

  it('refuses two checks of the same name', () => {
    const registry = new ReadinessRegistry();
    registry.register(ok('postgres'));
    expect(() => registry.register(ok('postgres'))).toThrow(
      'Readiness check "postgres" is registered twice',
    );
  });
});
