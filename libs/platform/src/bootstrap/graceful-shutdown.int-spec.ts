import { NodeProcess, REGISTER_SWC, startNodeProcess } from '@gatehouse/testing';
import { join } from 'node:path';
import { infrastructureFromEnvironment } from '../testing/infrastructure-under-test';

const FIXTURE = join(__dirname, '../testing/drain-fixture-child.ts');

// Each test starts a Node process that compiles the service's TypeScript on the fly.
jest.setTimeout(60_000);

// A service started as its own process, stopped with SIGTERM while a request is in flight.
describe('a service process on SIGTERM', () => {
  const infrastructure = infrastructureFromEnvironment(process.env);
  let service: NodeProcess | undefined;

  afterEach(() => {
    if (service && service.child.exitCode === null && service.child.signalCode === null)
      service.child.kill('SIGKILL');
  });

  async function start(shutdownGraceMs: number): Promise<{ proc: NodeProcess; url: string }> {
    const proc = startNodeProcess(FIXTURE, {
      nodeArgs: ['--require', REGISTER_SWC],
      args: [JSON.stringify({ shutdownGraceMs, infrastructure })],
    });
    service = proc;
    const listening = await proc.waitForLog((entry) => entry.msg === 'listening');
    return { proc, url: listening.url as string };
  }

  it('finishes the request in flight, refuses new connections, closes and exits 0', async () => {
    const { proc, url } = await start(10_000);
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok', kafka: 'ok', consumers: 'ok' },
    });

    const held = fetch(`${url}/api/held`);
    await proc.waitForLog((entry) => entry.msg === 'request held');
    proc.child.kill('SIGTERM');
    await proc.waitForLog((entry) => entry.msg === 'draining');

    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    proc.child.kill('SIGUSR2'); // lets the held request finish, within the grace period
    const response = await held;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(response.headers.get('connection')).toBe('close');

    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(proc.logs.find((entry) => entry.msg === 'draining')).toMatchObject({
      reason: 'SIGTERM',
      inFlight: 1,
    });
    expect(proc.logs.find((entry) => entry.msg === 'stopped')).toMatchObject({
      service: 'drain-fixture',
      reason: 'SIGTERM',
    });
    expect(proc.logs.filter((entry) => entry.level === 'error' || entry.level === 'fatal')).toEqual(
      [],
    );
  });

  it('cuts a request that outlives the grace period and still exits 0', async () => {
    const { proc, url } = await start(300);
    // Held until the test lets it go, which it never does: only the end of the grace period ends it.
    const held = fetch(`${url}/api/held`);
    await proc.waitForLog((entry) => entry.msg === 'request held');
    proc.child.kill('SIGTERM');

    await expect(held).rejects.toThrow();
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(
      proc.logs.find(
        (entry) => entry.msg === 'grace period over: cutting requests still in flight',
      ),
    ).toMatchObject({
      level: 'warn',
      inFlight: 1,
    });
  });
});
