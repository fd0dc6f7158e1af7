import { Command } from 'commander';
import { eventsCommand, EVENTS_PER_REQUEST } from './events.command';

const EVENT = {
  event: { action: 'update', scope: 'repo.content' },
  repo: {
    type: 'model',
    name: 'acme/bert',
    id: 'r1',
    private: false,
    owner: { id: 'o1', name: 'acme' },
  },
};

interface Sent {
  url: string;
  authorization: string | null;
  body: unknown[];
}

function harness(
  options: {
    env?: Record<string, string>;
    file?: string;
    reply?: (sent: Sent, index: number) => { status: number; body: unknown };
  } = {},
) {
  const sent: Sent[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    const request = {
      url,
      authorization: new Headers(init.headers).get('authorization'),
      body: JSON.parse(String(init.body)) as unknown[],
    };
    sent.push(request);
    const { status, body } = options.reply?.(request, sent.length - 1) ?? {
      status: 202,
      body: { ids: request.body.map((_, i) => `evt_${sent.length}_${i}`) },
    };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const command = eventsCommand(
    { out: (text) => out.push(text), err: (text) => err.push(text) },
    {
      env: options.env ?? {},
      fetch: fakeFetch,
      readInput: async () => options.file ?? JSON.stringify(EVENT),
    },
  );
  const quiet = (c: Command): void => {
    c.exitOverride().configureOutput({
      writeOut: (text) => out.push(text),
      writeErr: (text) => err.push(text),
    });
    c.commands.forEach(quiet);
  };
  quiet(command);
  return { sent, out, err, run: (...args: string[]) => command.parseAsync(args, { from: 'user' }) };
}

describe('gatehouse events publish', () => {
  it('POSTs the event to /internal/events with the internal token and prints the ids', async () => {
    const cli = harness({
      env: { GATEHOUSE_ENDPOINT: 'http://gatehouse.test/', GATEHOUSE_INTERNAL_TOKEN: 'svc-token' },
    });
    await cli.run('publish', 'event.json');
    expect(cli.sent).toEqual([
      {
        url: 'http://gatehouse.test/internal/events',
        authorization: 'Bearer svc-token',
        body: [EVENT],
      },
    ]);
    expect(cli.out).toEqual(['evt_1_0']);
  });

  it('flags win over the environment, and --format json prints an object', async () => {
    const cli = harness({
      env: { GATEHOUSE_ENDPOINT: 'http://env.test', GATEHOUSE_INTERNAL_TOKEN: 'env-token' },
    });
    await cli.run(
      'publish',
      'event.json',
      '--endpoint',
      'http://flag.test',
      '--internal-token',
      'flag-token',
      '--format',
      'json',
    );
    expect(cli.sent[0]).toMatchObject({
      url: 'http://flag.test/internal/events',
      authorization: 'Bearer flag-token',
    });
    expect(JSON.parse(cli.out.join('\n'))).toEqual({ ids: ['evt_1_0'] });
  });

  it(`sends an array in requests of ${EVENTS_PER_REQUEST}, in order`, async () => {
    const events = Array.from({ length: EVENTS_PER_REQUEST + 2 }, (_, i) => ({
      ...EVENT,
      id: `e${i}`,
    }));
    const cli = harness({
      env: { GATEHOUSE_ENDPOINT: 'http://g.test', GATEHOUSE_INTERNAL_TOKEN: 't' },
      file: JSON.stringify(events),
    });
    await cli.run('publish', 'events.json');
    expect(cli.sent.map((request) => request.body.length)).toEqual([EVENTS_PER_REQUEST, 2]);
    expect((cli.sent[1]!.body[1] as { id: string }).id).toBe(`e${EVENTS_PER_REQUEST + 1}`);
    expect(cli.out.join('\n').split('\n')).toHaveLength(EVENTS_PER_REQUEST + 2);
  });

  it("reports the server's refusal with the field it names", async () => {
    const cli = harness({
      env: { GATEHOUSE_ENDPOINT: 'http://g.test', GATEHOUSE_INTERNAL_TOKEN: 't' },
      reply: () => ({
        status: 400,
        body: { error: '[0].repo.private: Invalid input: expected boolean, received string' },
      }),
    });
    await expect(cli.run('publish', 'event.json')).rejects.toThrow(
      'publishing events 1-1 failed: the server answered 400: [0].repo.private: Invalid input: expected boolean, received string',
    );
  });

  it('says what is missing: endpoint, token, or JSON', async () => {
    await expect(harness().run('publish', 'e.json')).rejects.toThrow(
      'No Gatehouse endpoint: pass --endpoint or set GATEHOUSE_ENDPOINT',
    );
    await expect(
      harness({ env: { GATEHOUSE_ENDPOINT: 'http://g.test' } }).run('publish', 'e.json'),
    ).rejects.toThrow('No internal token: pass --internal-token or set GATEHOUSE_INTERNAL_TOKEN');
    await expect(
      harness({
        env: { GATEHOUSE_ENDPOINT: 'http://g.test', GATEHOUSE_INTERNAL_TOKEN: 't' },
        file: '{oops',
      }).run('publish', 'e.json'),
    ).rejects.toThrow(/^e\.json is not JSON: /);
  });
});
