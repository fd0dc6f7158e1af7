import { EventEmitter } from 'node:events';
import { CapturingLogger } from '../testing/capturing-logger';
import { waitUntil } from '../testing/wait-until';
import { repoUpdatePayload } from '../testing/webhook-payload.fixture';
import { WebhooksServer } from './webhooks-server';

/** Stands in for `process`: the test decides when the event loop "runs dry". */
class FakeProcess extends EventEmitter {
  fireBeforeExit(): void {
    this.emit('beforeExit', 0);
  }
}

function lineCount(logger: CapturingLogger, prefix: string): number {
  return logger.messages().filter((m) => m.startsWith(prefix)).length;
}

describe('WebhooksServer automatic start', () => {
  const servers: WebhooksServer[] = [];
  afterEach(async () => Promise.all(servers.splice(0).map((s) => s.close())));

  function create(exitHooks: FakeProcess, autoStart?: boolean) {
    const logger = new CapturingLogger();
    const server = new WebhooksServer({
      exitHooks,
      logger,
      env: {},
      port: 0,
      ...(autoStart === undefined ? {} : { autoStart }),
    });
    servers.push(server);
    return { server, logger };
  }

  it('waits for the end of the script, then starts once and serves the handlers', async () => {
    const exitHooks = new FakeProcess();
    const { server, logger } = create(exitHooks);
    server.add('/one', () => 'one');
    server.add('/two', () => 'two');
    expect(exitHooks.listenerCount('beforeExit')).toBe(1);
    expect(logger.lines).toEqual([]);

    exitHooks.fireBeforeExit();
    exitHooks.fireBeforeExit();
    await waitUntil(
      'the server to start',
      () => lineCount(logger, 'Webhooks server running at') > 0,
    );
    const url = /running at (\S+) /.exec(logger.messages()[0] ?? '')?.[1];

    expect(lineCount(logger, 'Webhooks server running at')).toBe(1);
    expect((await server.launch()).url).toBe(url);
    const response = await fetch(`${url}/webhooks/two`, {
      method: 'POST',
      body: JSON.stringify(repoUpdatePayload()),
    });
    expect(await response.json()).toBe('two');
  });

  it('is cancelled by an explicit launch', async () => {
    const exitHooks = new FakeProcess();
    const { server } = create(exitHooks);
    server.add('/one', () => 'one');
    await server.launch();
    expect(exitHooks.listenerCount('beforeExit')).toBe(0);
  });

  it('is cancelled by close before it happened', async () => {
    const exitHooks = new FakeProcess();
    const { server, logger } = create(exitHooks);
    server.add('/one', () => 'one');
    await server.close();
    exitHooks.fireBeforeExit();
    expect(exitHooks.listenerCount('beforeExit')).toBe(0);
    expect(logger.lines).toEqual([]);
  });

  it('is not scheduled when autoStart is false', () => {
    const exitHooks = new FakeProcess();
    const { server } = create(exitHooks, false);
    server.add('/one', () => 'one');
    expect(exitHooks.listenerCount('beforeExit')).toBe(0);
  });
});
