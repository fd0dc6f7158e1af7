import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LocalTunnelTestServer } from './testing/local-tunnel-test-server';
import { SDK_VERSION } from './internal/sdk-version';
import {
  buildPackageIntoScratchProject,
  SDK_ROOT,
  typeCheck,
  type BuiltPackage,
} from './testing/built-package';
import {
  RecordingHttpServer,
  type RecordedRequest,
  type ScriptedAnswer,
} from './testing/recording-http-server';
import { SpawnedScript } from './testing/spawned-script';
import { repoUpdatePayload } from './testing/webhook-payload.fixture';

jest.setTimeout(120_000);

const RUNTIME_EXPORTS = [
  'AccessDeniedError',
  'BadRequestError',
  'DEFAULT_LOCAL_TUNNEL_HOST',
  'DEVICE_CODE_GRANT_TYPE',
  'ExpiredTokenError',
  'ForbiddenError',
  'GatehouseClient',
  'GatehouseHttpError',
  'GatehouseOAuthError',
  'GatehouseResponseError',
  'LocalTunnelProvider',
  'NotFoundError',
  'RateLimitError',
  'SDK_VERSION',
  'TunnelError',
  'UnauthorizedError',
  'WebhookPayloadError',
  'WebhooksServer',
  'deviceLogin',
  'parseWatchedItem',
  'parseWebhookPayload',
  'refreshTokens',
];

let built: BuiltPackage;
const scripts: SpawnedScript[] = [];

/** Environment for child scripts: nothing of the test runner's Gatehouse settings leaks in. */
function scriptEnv(extra: Record<string, string>): Record<string, string | undefined> {
  const {
    WEBHOOK_SECRET: _s,
    GATEHOUSE_ENDPOINT: _e,
    GATEHOUSE_TOKEN: _t,
    HF_TOKEN: _h,
    SPACE_ID: _i,
    PORT: _p,
    ...rest
  } = process.env;
  return { ...rest, ...extra };
}

function run(file: string, env: Record<string, string>): SpawnedScript {
  const script = SpawnedScript.run(file, scriptEnv(env), built.projectDir);
  scripts.push(script);
  return script;
}

function postPayload(url: string, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(repoUpdatePayload()),
  });
}

beforeAll(async () => {
  built = await buildPackageIntoScratchProject();
});

afterEach(async () => {
  await Promise.all(scripts.splice(0).map((script) => script.stop()));
});

afterAll(async () => {
  if (built) await rm(built.projectDir, { recursive: true, force: true });
});

describe('the published package', () => {
  it('builds to CommonJS with type declarations at the paths package.json names', async () => {
    const manifest = JSON.parse(await readFile(join(SDK_ROOT, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: '@gatehouse/sdk',
      version: SDK_VERSION,
      main: 'dist/index.js',
      types: 'dist/index.d.ts',
    });
    expect(manifest.dependencies).toBeUndefined();
    for (const target of [
      manifest.main,
      manifest.types,
      manifest.exports['.'].types,
      manifest.exports['.'].default,
    ]) {
      expect(existsSync(join(built.packageDir, target))).toBe(true);
    }
    const dist = await readdir(join(built.packageDir, 'dist'), { recursive: true });
    expect(
      dist.filter(
        (file) =>
          file.includes('__tests__') || file.startsWith('testing/') || /\.spec\./.test(file),
      ),
    ).toEqual([]);
    expect(dist).toEqual(
      expect.arrayContaining(['webhooks/webhooks-server.js', 'webhooks/webhooks-server.d.ts']),
    );

    const loaded = createRequire(__filename)(built.packageDir) as Record<string, unknown>;
    expect(Object.keys(loaded).sort()).toEqual(RUNTIME_EXPORTS);
    const declarations = await readFile(join(built.packageDir, 'dist', 'index.d.ts'), 'utf8');
    expect(declarations).toContain("export { WebhooksServer } from './webhooks/webhooks-server';");
    for (const file of dist.filter((f) => f.endsWith('.js'))) {
      expect(await readFile(join(built.packageDir, 'dist', file), 'utf8')).not.toMatch(
        /require\("@gatehouse\//,
      );
    }
  });

  it('type-checks a TypeScript consumer against its declarations', async () => {
    const consumer = join(built.projectDir, 'consumer.mts');
    await writeFile(
      consumer,
      `import { WebhooksServer, GatehouseClient, NotFoundError, deviceLogin, type WebhookPayload, type WebhookInfo, type OAuthTokens } from '@gatehouse/sdk';
const server = new WebhooksServer({ autoStart: false, tunnel: false });
server.add('/typed', (payload: WebhookPayload) => ({ name: payload.repo.name, refs: payload.updatedRefs?.length ?? 0 }));
const client = new GatehouseClient({ endpoint: 'http://127.0.0.1:1', token: 't' });
const pending: Promise<WebhookInfo> = client.createWebhook({ url: 'https://x.test', watched: ['model:a/b'] });
const login: Promise<OAuthTokens> = deviceLogin({ endpoint: 'http://127.0.0.1:1', clientId: 'c', onCode: ({ userCode }) => console.log(userCode) });
void pending.catch((e: unknown) => e instanceof NotFoundError && e.requestId);
void login;
`,
    );
    await expect(typeCheck(built.projectDir, consumer)).resolves.toBeUndefined();
  });
});

describe('automatic start', () => {
  it('serves the handlers of a script that only registers them', async () => {
    const file = join(built.projectDir, 'register-only.cjs');
    await writeFile(
      file,
      `const { WebhooksServer } = require('@gatehouse/sdk');
const server = new WebhooksServer();
server.add(function sayHello(payload) {
  return { hello: payload.repo.name };
});
server.add('/second/', async () => undefined);
`,
    );
    const script = run(file, {
      PORT: '0',
      WEBHOOK_SECRET: 'child-secret',
      GATEHOUSE_ENDPOINT: 'https://gatehouse.example.test',
    });
    const [, url] = await script.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+) /);
    await script.waitFor(/Register one with/);

    const answer = await postPayload(`${url}/webhooks/sayHello`, {
      'x-webhook-secret': 'child-secret',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ hello: 'acme/sentiment-small' });
    expect(
      (await postPayload(`${url}/webhooks/second`, { 'x-webhook-secret': 'child-secret' })).status,
    ).toBe(200);
    expect((await postPayload(`${url}/webhooks/sayHello`)).status).toBe(401);
    expect(
      (await postPayload(`${url}/webhooks/sayHello`, { 'x-webhook-secret': 'nope' })).status,
    ).toBe(403);
    const page = await (await fetch(`${url}/`)).text();
    expect(page).toContain(`POST ${url}/webhooks/sayHello`);
    expect(page).toContain(`POST ${url}/webhooks/second`);
    expect(page).toContain('https://gatehouse.example.test/settings/webhooks');
    expect(script.text.match(/Webhooks server running at/g)).toHaveLength(1);
    expect(script.text).toContain(
      `  - POST ${url}/webhooks/sayHello\n  - POST ${url}/webhooks/second\n`,
    );
  });
});

describe('the examples', () => {
  it('runs the README quick start as written, identical to examples/webhooks-server.mjs', async () => {
    const readme = await readFile(join(SDK_ROOT, 'README.md'), 'utf8');
    const quickStart = /## Quick start[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(quickStart).toBe(
      await readFile(join(SDK_ROOT, 'examples', 'webhooks-server.mjs'), 'utf8'),
    );
    const file = join(built.projectDir, 'server.mjs');
    await writeFile(file, quickStart ?? '');

    const script = run(file, { PORT: '0' });
    const [, url] = await script.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+) /);
    await script.waitFor(/Register one with/);
    expect(script.text).toContain('No webhook secret set: every endpoint is open to anyone.');
    const answer = await postPayload(`${url}/webhooks/sayHello`);
    expect(await answer.json()).toEqual({ message: 'hello from acme/sentiment-small' });
    const retrain = await postPayload(`${url}/webhooks/retrain`);
    expect(retrain.status).toBe(200);
    await script.waitFor(
      /retraining on acme\/sentiment-small at 9c1f4b7e2d3a5c6b8e0f1a2b3c4d5e6f7a8b9c0d/,
    );
  });

  it('runs the tunnel example through a localtunnel-protocol server', async () => {
    const tunnelServer = await LocalTunnelTestServer.start();
    try {
      const script = run(join(built.packageDir, 'examples', 'webhooks-server-tunnel.mjs'), {
        PORT: '0',
        GATEHOUSE_TUNNEL_HOST: tunnelServer.url,
      });
      const [, publicUrl] = await script.waitFor(
        /Public tunnel: (\S+) \(temporary: the address expires after 72 hours\)/,
      );
      await script.waitFor(/Register http:\/\/\S+\/webhooks\/sayHello as the webhook URL/);
      const answer = await tunnelServer.request(`${publicUrl}/webhooks/sayHello`, {
        method: 'POST',
        body: JSON.stringify(repoUpdatePayload()),
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ message: 'hello from acme/sentiment-small' });
      await script.stop();
    } finally {
      await tunnelServer.close();
    }
  });

  it('runs the management example against a management API', async () => {
    const webhook = {
      id: '654bbbc16f2ec14d77f109cc',
      url: 'https://receiver.example.com/webhooks/sayHello',
      job: null,
      watched: [],
      domains: ['repo'],
      secret: null,
      disabled: false,
    };
    let deleted = false;
    const api = await RecordingHttpServer.start((request: RecordedRequest): ScriptedAnswer => {
      if (request.path === '/api/whoami-v2')
        return { status: 200, body: { type: 'user', id: 'u1', name: 'ada' } };
      if (request.method === 'GET' && request.path === '/api/settings/webhooks')
        return { status: 200, body: [webhook] };
      if (request.method === 'DELETE') {
        deleted = true;
        return { status: 200, body: {} };
      }
      if (deleted)
        return {
          status: 404,
          headers: { 'x-request-id': 'req-1' },
          body: { error: 'Webhook not found' },
        };
      return {
        status: 200,
        body: { webhook: { ...webhook, disabled: request.path.endsWith('/disable') } },
      };
    });
    try {
      const script = run(join(built.packageDir, 'examples', 'manage-webhooks.mjs'), {
        GATEHOUSE_ENDPOINT: api.url,
        GATEHOUSE_TOKEN: 'hf_example',
      });
      expect(await script.exitCode()).toBe(0);
      expect(script.text).toBe(
        'Signed in as ada\nCreated 654bbbc16f2ec14d77f109cc -> https://receiver.example.com/webhooks/sayHello\n' +
          '654bbbc16f2ec14d77f109cc enabled https://receiver.example.com/webhooks/sayHello\nDeleted 654bbbc16f2ec14d77f109cc (request req-1)\n',
      );
      expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api/whoami-v2',
        'POST /api/settings/webhooks',
        'POST /api/settings/webhooks/654bbbc16f2ec14d77f109cc',
        'POST /api/settings/webhooks/654bbbc16f2ec14d77f109cc/disable',
        'POST /api/settings/webhooks/654bbbc16f2ec14d77f109cc/enable',
        'GET /api/settings/webhooks',
        'DELETE /api/settings/webhooks/654bbbc16f2ec14d77f109cc',
        'GET /api/settings/webhooks/654bbbc16f2ec14d77f109cc',
      ]);
    } finally {
      await api.close();
    }
  });

  it('runs the device login example against an OAuth server', async () => {
    const polls: ScriptedAnswer[] = [{ status: 400, body: { error: 'authorization_pending' } }];
    const oauth = await RecordingHttpServer.start((request): ScriptedAnswer => {
      if (request.path === '/oauth/device') {
        return {
          status: 200,
          body: {
            device_code: 'dc',
            user_code: 'BDFG-HJKL',
            verification_uri: 'https://gh.test/oauth/device',
            interval: 0,
            expires_in: 60,
          },
        };
      }
      if (request.path === '/api/whoami-v2')
        return { status: 200, body: { type: 'user', id: 'u1', name: 'ada' } };
      if (request.body.startsWith('grant_type=refresh_token'))
        return {
          status: 200,
          body: { access_token: 'hf_oauth_2', token_type: 'bearer', expires_in: 60 },
        };
      return (
        polls.shift() ?? {
          status: 200,
          body: {
            access_token: 'hf_oauth_1',
            token_type: 'bearer',
            expires_in: 60,
            refresh_token: 'hf_refresh',
          },
        }
      );
    });
    try {
      const script = run(join(built.packageDir, 'examples', 'device-login.mjs'), {
        GATEHOUSE_ENDPOINT: oauth.url,
      });
      expect(await script.exitCode()).toBe(0);
      expect(script.text).toMatch(
        /^Open https:\/\/gh\.test\/oauth\/device and confirm the code BDFG-HJKL\.\nSigned in as ada\.\nToken renewed; it expires at \S+\.\n$/,
      );
      expect(oauth.requests.find((r) => r.path === '/api/whoami-v2')?.headers.authorization).toBe(
        'Bearer hf_oauth_1',
      );
    } finally {
      await oauth.close();
    }
  });
});
