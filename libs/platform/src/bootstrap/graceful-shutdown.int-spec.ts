import { NodeProcess, REGISTER_SWC, startNodeProcess } from '@gatehouse/testing';
import { Agent, request } from 'node:http';
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

  async function start(
    shutdownGraceMs: number,
    drainIdleConnectionMs?: number,
  ): Promise<{ proc: NodeProcess; url: string }> {
    const proc = startNodeProcess(FIXTURE, {
      nodeArgs: ['--require', REGISTER_SWC],
      args: [JSON.stringify({ shutdownGraceMs, drainIdleConnectionMs, infrastructure })],
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

    // A new connection is refused (the kept-alive one /readyz used would still be served).
    await expect(send(false, url, 'GET', '/healthz')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
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

  it('serves a request sent on a kept-alive connection after SIGTERM, then closes that connection', async () => {
    // The idle connection outlives the test's steps however slow the machine: only its next
    // answer (Connection: close) ends it.
    const { proc, url } = await start(10_000, 60_000);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, url, 'GET', '/healthz');
      expect(first.status).toBe(200);
      expect(first.reusedSocket).toBe(false);

      proc.child.kill('SIGTERM');
      await proc.waitForLog((entry) => entry.msg === 'draining');

      // What a proxy does: its next request (a POST, which it would not send again) on the
      // connection it used last.
      const second = await send(agent, url, 'POST', '/api/notes', '{"after":"SIGTERM"}');
      expect(second).toMatchObject({
        status: 201,
        reusedSocket: true,
        connection: 'close',
        body: { parsed: { after: 'SIGTERM' } },
      });
      expect(await proc.exited).toEqual({ code: 0, signal: null });
    } finally {
      agent.destroy();
    }
  });

  it('ends a kept-alive connection that stays idle while draining, and exits 0', async () => {
    const { proc, url } = await start(10_000, 200);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await send(agent, url, 'GET', '/healthz')).status).toBe(200);
      const socketClosed = new Promise<void>((resolve) => {
        const sockets = Object.values(agent.freeSockets).flat();
        expect(sockets).toHaveLength(1);
        sockets[0]!.once('close', () => resolve());
      });
      proc.child.kill('SIGTERM');
      await socketClosed;
      expect(await proc.exited).toEqual({ code: 0, signal: null });
    } finally {
      agent.destroy();
    }
  });
});

interface Answer {
  status: number;
  reusedSocket: boolean;
  connection: string | undefined;
  body: unknown;
}

/** One request through `agent`, or a connection of its own (node:http, so which socket carried it can be seen). */
function send(
  agent: Agent | false,
  url: string,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        agent,
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            reusedSocket: req.reusedSocket,
            connection: res.headers.connection,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
