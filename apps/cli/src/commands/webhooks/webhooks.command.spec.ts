import { Command } from 'commander';
import { GatehouseClient } from '@gatehouse/sdk';
import { storedLogin } from '../auth/stored-login';
import { FakeGatehouse, fakeDeps, NOBODY_LOGGED_IN, tokens } from '../auth/testing/fake-gatehouse';
import { readTokenFile, writeTokenFile } from '../auth/token-file';
import type { Prompt } from './terminal-prompt';
import { webhooksCommand, type WebhooksCliDeps } from './webhooks.command';

const ENDPOINT = 'https://gatehouse.test';
const TOKEN = 'hf_cliTestToken';
const ID = '6650f0c0d0e0f0a0b0c0d0e1';

/** The `label: value` lines of `info` as an object, in their order. */
function fieldsOf(lines: string[]): Record<string, string> {
  return Object.fromEntries(
    lines.flatMap((line) => {
      const match = /^(\w+): +(.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!]] : [];
    }),
  );
}

const WEBHOOK = {
  id: ID,
  url: 'https://hooks.example.com/in',
  job: null,
  watched: [{ type: 'model', name: 'acme/bert' }],
  domains: ['repo', 'discussion'],
  secret: 'shh',
  disabled: false,
};
const JOB_WEBHOOK = {
  ...WEBHOOK,
  id: '6650f0c0d0e0f0a0b0c0d0e2',
  url: null,
  job: { dockerImage: 'python:3.12', command: ['python', 'a.py'], secrets: ['API_KEY'] },
  watched: [{ type: 'org', name: 'acme' }],
  domains: ['discussion'],
  secret: null,
  disabled: true,
};

interface Sent {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

class ScriptedPrompt implements Prompt {
  asked: string[] = [];
  constructor(
    private readonly tty: boolean,
    private readonly answers: string[] = [],
  ) {}
  interactive(): boolean {
    return this.tty;
  }
  async hidden(question: string): Promise<string> {
    this.asked.push(question);
    return this.answers.shift() ?? '';
  }
  async confirm(question: string): Promise<boolean> {
    this.asked.push(question);
    return /^y/i.test(this.answers.shift() ?? '');
  }
}

function harness(
  options: {
    env?: Record<string, string>;
    prompt?: Prompt;
    reply?: (sent: Sent) => { status: number; body?: unknown };
  } = {},
) {
  const sent: Sent[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const request: Sent = {
      method: init.method ?? 'GET',
      url,
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const { status, body } = options.reply?.(request) ?? {
      status: 200,
      body: { webhook: WEBHOOK },
    };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const deps: WebhooksCliDeps = {
    env: { GATEHOUSE_ENDPOINT: ENDPOINT, GATEHOUSE_TOKEN: TOKEN, ...options.env },
    login: NOBODY_LOGGED_IN,
    createClient: (clientOptions) => new GatehouseClient({ ...clientOptions, fetch: fakeFetch }),
    prompt: options.prompt ?? new ScriptedPrompt(false),
  };
  const command = webhooksCommand(
    { out: (text) => out.push(text), err: (text) => err.push(text) },
    deps,
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

describe('gatehouse webhooks', () => {
  it('ls prints a table of the webhooks', async () => {
    const cli = harness({ reply: () => ({ status: 200, body: [WEBHOOK, JOB_WEBHOOK] }) });
    await cli.run('ls');
    expect(cli.sent).toEqual([
      {
        method: 'GET',
        url: `${ENDPOINT}/api/settings/webhooks`,
        authorization: `Bearer ${TOKEN}`,
        body: undefined,
      },
    ]);
    expect(cli.out.join('\n')).toBe(
      [
        'ID                        STATUS    TARGET                        WATCHED          DOMAINS',
        '6650f0c0d0e0f0a0b0c0d0e1  enabled   https://hooks.example.com/in  model:acme/bert  repo, discussion',
        '6650f0c0d0e0f0a0b0c0d0e2  disabled  job: python:3.12              org:acme         discussion',
      ].join('\n'),
    );
  });

  it('ls --format json prints the webhooks as JSON', async () => {
    const cli = harness({ reply: () => ({ status: 200, body: [WEBHOOK] }) });
    await cli.run('ls', '--format', 'json');
    expect(JSON.parse(cli.out.join('\n'))).toEqual([WEBHOOK]);
  });

  it('info prints the fields without the secret itself', async () => {
    const cli = harness();
    await cli.run('info', ID);
    expect(cli.sent[0]).toMatchObject({
      method: 'GET',
      url: `${ENDPOINT}/api/settings/webhooks/${ID}`,
    });
    const lines = cli.out.join('\n').split('\n');
    // One `label: value` a line, the values in one column (however long the longest label).
    expect(new Set(lines.map((line) => /^\w+: +/.exec(line)?.[0].length)).size).toBe(1);
    expect(fieldsOf(lines)).toMatchObject({
      id: '6650f0c0d0e0f0a0b0c0d0e1',
      status: 'enabled',
      url: 'https://hooks.example.com/in',
      watched: 'model:acme/bert',
      domains: 'repo, discussion',
      secret: 'set',
    });
    expect(Object.keys(fieldsOf(lines)).slice(0, 2)).toEqual(['id', 'status']);
    expect(cli.out.join('\n')).not.toContain('shh');
  });

  it('create sends the URL webhook body with repeated --watch and --domain', async () => {
    const cli = harness();
    await cli.run(
      'create',
      '--url',
      'https://hooks.example.com/in',
      '--watch',
      'model:acme/bert',
      '--watch',
      'bucket:acme/logs',
      '--domain',
      'repo',
      '--domain',
      'discussions',
      '--secret',
      'shh',
      '--format',
      'json',
    );
    expect(cli.sent).toEqual([
      {
        method: 'POST',
        url: `${ENDPOINT}/api/settings/webhooks`,
        authorization: `Bearer ${TOKEN}`,
        body: {
          watched: [
            { type: 'model', name: 'acme/bert' },
            { type: 'bucket', name: 'acme/logs' },
          ],
          domains: ['repo', 'discussions'],
          secret: 'shh',
          url: 'https://hooks.example.com/in',
        },
      },
    ]);
    expect(JSON.parse(cli.out.join('\n'))).toEqual(WEBHOOK);
  });

  it('create --job-id --secrets reads values from the environment, else from a hidden prompt', async () => {
    const prompt = new ScriptedPrompt(true, ['typed-value']);
    const cli = harness({
      env: { API_KEY: 'from-env' },
      prompt,
      reply: () => ({ status: 201, body: { webhook: JOB_WEBHOOK } }),
    });
    await cli.run(
      'create',
      '--job-id',
      '66a1f0c0d0e0f0a0b0c0d0e1',
      '--watch',
      'org:acme',
      '--secrets',
      'API_KEY',
      '--secrets',
      'OTHER',
    );
    expect(cli.sent[0]!.body).toEqual({
      watched: [{ type: 'org', name: 'acme' }],
      jobSourceId: '66a1f0c0d0e0f0a0b0c0d0e1',
      secrets: { API_KEY: 'from-env', OTHER: 'typed-value' },
    });
    expect(prompt.asked).toEqual(['Value of OTHER (empty removes it on update): ']);
    expect(cli.out.join('\n')).toContain('job secrets: API_KEY');
  });

  it('create and update --job-token send the token a Job webhook asks for, and info shows it', async () => {
    const created = { ...JOB_WEBHOOK, jobToken: 'write' };
    const cli = harness({ reply: () => ({ status: 201, body: { webhook: created } }) });
    await cli.run(
      'create',
      '--job-id',
      '66a1f0c0d0e0f0a0b0c0d0e1',
      '--watch',
      'model:acme/bert',
      '--job-token',
      'write',
    );
    expect(cli.sent[0]!.body).toEqual({
      watched: [{ type: 'model', name: 'acme/bert' }],
      jobSourceId: '66a1f0c0d0e0f0a0b0c0d0e1',
      jobToken: 'write',
    });
    expect(cli.out.join('\n')).toMatch(/^job token: +write$/m);

    const updater = harness({ reply: () => ({ status: 200, body: { webhook: JOB_WEBHOOK } }) });
    await updater.run('update', JOB_WEBHOOK.id, '--job-token', 'none');
    expect(updater.sent[0]!.body).toMatchObject({ jobToken: 'none' });
    expect(updater.out.join('\n')).toMatch(/^job token: +none$/m);
  });

  it('refuses a --job-token it does not know', async () => {
    const cli = harness();
    await expect(
      cli.run(
        'create',
        '--job-id',
        '66a1f0c0d0e0f0a0b0c0d0e1',
        '--watch',
        'org:acme',
        '--job-token',
        'admin',
      ),
    ).rejects.toThrow(/--job-token/);
    expect(cli.sent).toEqual([]);
  });

  it('create refuses a secret it cannot read without a terminal', async () => {
    const cli = harness();
    await expect(
      cli.run(
        'create',
        '--job-id',
        '66a1f0c0d0e0f0a0b0c0d0e1',
        '--watch',
        'org:acme',
        '--secrets',
        'MISSING',
      ),
    ).rejects.toThrow(
      'No value for secret MISSING: set the environment variable MISSING, or run in a terminal to type it',
    );
    expect(cli.sent).toEqual([]);
  });

  it.each([
    [['create', '--watch', 'model:a/b'], 'Give exactly one of --url and --job-id'],
    [
      [
        'create',
        '--url',
        'https://x.example/',
        '--job-id',
        '66a1f0c0d0e0f0a0b0c0d0e1',
        '--watch',
        'model:a/b',
      ],
      'Give exactly one of --url and --job-id',
    ],
    [['create', '--url', 'https://x.example/'], 'Give at least one --watch <type>:<name>'],
    [['update', ID, '--secrets', 'A'], 'On update, --job-id and --secrets go together'],
  ])('refuses %j before calling the server', async (args, message) => {
    const cli = harness();
    await expect(cli.run(...args)).rejects.toThrow(message);
    expect(cli.sent).toEqual([]);
  });

  it('refuses a malformed --watch or --domain as commander argument errors', async () => {
    const cli = harness();
    await expect(
      cli.run('create', '--url', 'https://x.example/', '--watch', 'repo:x'),
    ).rejects.toThrow(/A watched item is written <type>:<name>/);
    await expect(
      cli.run('create', '--url', 'https://x.example/', '--watch', 'model:a/b', '--domain', 'pulls'),
    ).rejects.toThrow(/Allowed domains/);
    expect(cli.sent).toEqual([]);
  });

  it('update without options sends watched: [] (unchanged), as the Python client does', async () => {
    const cli = harness();
    await cli.run('update', ID);
    expect(cli.sent[0]).toMatchObject({
      method: 'POST',
      url: `${ENDPOINT}/api/settings/webhooks/${ID}`,
      body: { watched: [] },
    });
  });

  it('update of a Job webhook sends the Job id with the secrets', async () => {
    const cli = harness({
      env: { API_KEY: '' },
      reply: () => ({ status: 200, body: { webhook: JOB_WEBHOOK } }),
    });
    await cli.run(
      'update',
      JOB_WEBHOOK.id,
      '--job-id',
      '66a1f0c0d0e0f0a0b0c0d0e1',
      '--secrets',
      'API_KEY',
      '--domain',
      'discussion',
    );
    expect(cli.sent[0]!.body).toEqual({
      watched: [],
      domains: ['discussion'],
      jobSourceId: '66a1f0c0d0e0f0a0b0c0d0e1',
      secrets: { API_KEY: '' },
    });
  });

  it.each([
    ['enable', false],
    ['disable', true],
  ])('%s posts to its route and prints the webhook', async (verb, disabled) => {
    const cli = harness({
      reply: () => ({ status: 200, body: { webhook: { ...WEBHOOK, disabled } } }),
    });
    await cli.run(verb, ID);
    expect(cli.sent[0]).toMatchObject({
      method: 'POST',
      url: `${ENDPOINT}/api/settings/webhooks/${ID}/${verb}`,
      body: undefined,
    });
    expect(fieldsOf(cli.out.join('\n').split('\n')).status).toBe(disabled ? 'disabled' : 'enabled');
  });

  describe('delete', () => {
    it('asks for confirmation and deletes on yes', async () => {
      const prompt = new ScriptedPrompt(true, ['y']);
      const cli = harness({ prompt, reply: () => ({ status: 204 }) });
      await cli.run('delete', ID);
      expect(prompt.asked).toEqual([`Delete webhook ${ID}? This cannot be undone. [y/N] `]);
      expect(cli.sent[0]).toMatchObject({
        method: 'DELETE',
        url: `${ENDPOINT}/api/settings/webhooks/${ID}`,
      });
      expect(cli.out).toEqual([`Webhook ${ID} deleted.`]);
    });

    it('keeps the webhook on any other answer', async () => {
      const cli = harness({ prompt: new ScriptedPrompt(true, ['n']) });
      await cli.run('delete', ID);
      expect(cli.sent).toEqual([]);
      expect(cli.err).toEqual(['Not deleted.']);
    });

    it('refuses without a terminal unless --yes', async () => {
      const cli = harness({ reply: () => ({ status: 204 }) });
      await expect(cli.run('delete', ID)).rejects.toThrow(
        `Refusing to delete webhook ${ID} without confirmation: not a terminal; pass --yes`,
      );
      expect(cli.sent).toEqual([]);
      await cli.run('delete', ID, '--yes');
      expect(cli.sent).toHaveLength(1);
    });
  });

  it("reports the server's error", async () => {
    const cli = harness({ reply: () => ({ status: 404, body: { error: 'Webhook not found' } }) });
    await expect(cli.run('info', ID)).rejects.toThrow(
      `404 for GET ${ENDPOINT}/api/settings/webhooks/${ID}: Webhook not found`,
    );
  });

  describe('where the endpoint and token come from', () => {
    const stored = {
      endpoint: 'https://signed-in.example',
      clientId: 'gatehouse-cli',
      accessToken: 'hf_oauth_stored',
    };
    const listingWith = (
      env: Record<string, string>,
      login: WebhooksCliDeps['login'],
      sent: string[],
    ) =>
      webhooksCommand(
        { out: () => undefined, err: () => undefined },
        {
          env,
          login,
          prompt: new ScriptedPrompt(false),
          createClient: (options) =>
            new GatehouseClient({
              ...options,
              fetch: (async (url: string, init: RequestInit) => {
                sent.push(`${url} ${new Headers(init.headers).get('authorization')}`);
                return new Response('[]', { status: 200 });
              }) as typeof fetch,
            }),
        },
      );

    it('--endpoint and --token win over the environment', async () => {
      const cli = harness({ reply: () => ({ status: 200, body: [] }) });
      await cli.run('ls', '--endpoint', 'https://other.example/', '--token', 'hf_flag');
      expect(cli.sent[0]).toMatchObject({
        url: 'https://other.example/api/settings/webhooks',
        authorization: 'Bearer hf_flag',
      });
    });

    it('HF_TOKEN is used when GATEHOUSE_TOKEN is not set', async () => {
      const cli = harness({
        env: { GATEHOUSE_TOKEN: '', HF_TOKEN: 'hf_from_hf' },
        reply: () => ({ status: 200, body: [] }),
      });
      await cli.run('ls');
      expect(cli.sent[0]!.authorization).toBe('Bearer hf_from_hf');
    });

    it('falls back to the token gatehouse auth login stored, for its own endpoint only', async () => {
      const sent: string[] = [];
      const { deps, tokenPath } = fakeDeps(new FakeGatehouse());
      await writeTokenFile(tokenPath, stored);
      const make = (env: Record<string, string>) => listingWith(env, storedLogin(deps), sent);
      await make({}).parseAsync(['ls'], { from: 'user' });
      expect(sent).toEqual([
        'https://signed-in.example/api/settings/webhooks Bearer hf_oauth_stored',
      ]);
      await expect(
        make({ GATEHOUSE_ENDPOINT: 'https://elsewhere.example' }).parseAsync(['ls'], {
          from: 'user',
        }),
      ).rejects.toThrow(/^No access token/);
    });

    it('refreshes a stored login close to expiry before using it, and saves the new token', async () => {
      const server = new FakeGatehouse();
      server.tokenAnswers = [tokens('hf_oauth_access_2', 28_800, 'hf_oauth_refresh_2')];
      const { deps, tokenPath } = fakeDeps(server);
      const now = deps.now();
      await writeTokenFile(tokenPath, {
        endpoint: ENDPOINT,
        clientId: 'gatehouse-cli',
        accessToken: 'hf_oauth_access_1',
        refreshToken: 'hf_oauth_refresh_1',
        expiresAt: now + 1_000,
      });
      const sent: string[] = [];
      await listingWith({}, storedLogin(deps), sent).parseAsync(['ls'], { from: 'user' });
      expect(server.requests).toEqual([
        {
          method: 'POST',
          path: '/oauth/token',
          form: {
            grant_type: 'refresh_token',
            refresh_token: 'hf_oauth_refresh_1',
            client_id: 'gatehouse-cli',
          },
          authorization: null,
        },
      ]);
      expect(sent).toEqual([`${ENDPOINT}/api/settings/webhooks Bearer hf_oauth_access_2`]);
      expect(await readTokenFile(tokenPath)).toMatchObject({
        accessToken: 'hf_oauth_access_2',
        refreshToken: 'hf_oauth_refresh_2',
        expiresAt: now + 28_800_000,
      });
    });

    it('asks to log in again when the stored login expired and cannot be refreshed', async () => {
      const { deps, tokenPath } = fakeDeps(new FakeGatehouse());
      await writeTokenFile(tokenPath, {
        endpoint: ENDPOINT,
        clientId: 'gatehouse-cli',
        accessToken: 'hf_oauth_access_1',
        expiresAt: deps.now() - 1,
      });
      const sent: string[] = [];
      await expect(
        listingWith({}, storedLogin(deps), sent).parseAsync(['ls'], { from: 'user' }),
      ).rejects.toThrow('Your session expired. Run `gatehouse auth login` again.');
      expect(sent).toEqual([]);
    });

    it('says what is missing when there is no endpoint', async () => {
      const cli = harness({ env: { GATEHOUSE_ENDPOINT: '' } });
      await expect(cli.run('ls')).rejects.toThrow(
        'No Gatehouse endpoint: pass --endpoint, set GATEHOUSE_ENDPOINT, or sign in with gatehouse auth login',
      );
    });
  });
});
