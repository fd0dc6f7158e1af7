import {
  claimTestRedis,
  createScratchDatabase,
  findFreePort,
  releaseTestRedis,
  REGISTER_SWC,
  type ScratchDatabase,
  type TestRedis,
  waitUntil,
  WORKSPACE_ROOT,
} from '@gatehouse/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const DEMO = { login: 'alice', password: 'gatehouse-demo' };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface OpenApiParts {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
}

/** The paths (operations of one path merged) and schemas of several documents, as one. */
function union(documents: OpenApiParts[]): OpenApiParts {
  const merged: OpenApiParts = { paths: {}, components: { schemas: {} } };
  for (const document of documents) {
    for (const [path, item] of Object.entries(document.paths))
      merged.paths[path] = { ...merged.paths[path], ...item };
    Object.assign(merged.components.schemas, document.components.schemas);
  }
  return merged;
}

function accepts(hostPort: string): Promise<boolean> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = connect(Number(port), host!, () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
}

// `npm run start:stack` as a developer runs it: one command, one URL, Ctrl-C leaves nothing behind.
describe('npm run start:stack', () => {
  let database: ScratchDatabase;
  let redis: TestRedis;
  let stack: ChildProcess;
  let output = '';
  let port: number;

  beforeAll(async () => {
    database = await createScratchDatabase({
      prefix: 'gatehouse_stack_e2e',
      onServerOf: process.env.DATABASE_URL!,
    });
    // The tool creates its database itself: hand it a name that does not exist yet.
    await database.drop();
    redis = await claimTestRedis();
    port = await findFreePort();
    stack = spawn(process.execPath, ['--require', REGISTER_SWC, 'tools/stack/start-stack.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        STACK_DATABASE_URL: database.url,
        STACK_REDIS_URL: redis.url,
        STACK_AUTH_REPLICAS: '2',
        STACK_WORKER_REPLICAS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stack.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    stack.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntil(
      'start:stack to say it is ready',
      () => {
        if (stack.exitCode !== null) throw new Error(`start:stack exited:\n${output}`);
        return output.includes('Gatehouse (distributed) is ready at');
      },
      { timeoutMs: 150_000, intervalMs: 250, detail: () => `\n${output}` },
    );
  }, 180_000);

  afterAll(async () => {
    if (stack?.exitCode === null) stack.kill('SIGKILL');
    await database?.drop().catch(() => undefined);
    if (redis) await releaseTestRedis(redis);
  });

  it('serves every public route at one URL, the issuer, with the demo credentials', async () => {
    const base = `http://127.0.0.1:${port}`;
    expect(output).toContain(`Gatehouse (distributed) is ready at ${base}`);
    const answer = await fetch(`${base}/.well-known/openid-configuration`);
    const text = await answer.text();
    // Said in full when it is not the document: which process answered what, and the stack's log.
    if (answer.status !== 200 || !text.includes(`"issuer":"${base}"`))
      throw new Error(`discovery answered ${answer.status}: ${text}\n--- start:stack\n${output}`);
    const discovery = JSON.parse(text) as {
      issuer: string;
      grant_types_supported: string[];
    };
    expect(discovery.issuer).toBe(base);
    expect(discovery.grant_types_supported).toEqual([
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ]);
    expect((await fetch(`${base}/internal/events`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/readyz`)).status).toBe(404);

    const page = await fetch(`${base}/oauth/login`);
    const cookie = page.headers.getSetCookie()[0]!.split(';')[0]!;
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    const signedIn = await fetch(`${base}/oauth/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        csrf_token: csrf,
        return_to: '/settings',
        login: DEMO.login,
        password: DEMO.password,
      }),
    });
    expect(signedIn.status).toBe(303);
    const session = await fetch(`${base}/api/session`, {
      headers: { cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0]! },
    });
    expect(((await session.json()) as { user: { name: string } }).user.name).toBe('alice');
    expect(output).toMatch(/^auth-1 +\| /m);
    expect(output).toMatch(/^auth-2 +\| /m);
  });

  it('serves at /openapi.json the union of the three services’ documents, docs/openapi.json', async () => {
    const replicas = new Map(
      [...output.matchAll(/^stack +\| (\S+) \(pid \d+\) at (http:\S+)$/gm)].map((match) => [
        match[1]!.replace(/-\d+$/, ''),
        match[2]!,
      ]),
    );
    const documentOf = async (url: string) => {
      const response = await fetch(`${url}/openapi.json`);
      expect(response.status).toBe(200);
      return (await response.json()) as OpenApiParts;
    };
    const services = await Promise.all(
      ['auth', 'token-exchange', 'webhook-management'].map((name) =>
        documentOf(replicas.get(name)!),
      ),
    );
    const gateway = await documentOf(`http://127.0.0.1:${port}`);
    expect(gateway).toEqual(
      JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'docs/openapi.json'), 'utf8')),
    );
    expect({ paths: gateway.paths, components: { schemas: gateway.components.schemas } }).toEqual(
      union(services),
    );
    for (const document of services) expect(Object.keys(document.paths).length).toBeGreaterThan(0);
  });

  it('stops everything it started on Ctrl-C (SIGINT) and exits 0', async () => {
    const pids = [...output.matchAll(/\(pid (\d+)\)/g)].map((match) => Number(match[1]));
    const kafka = /Kafka [\d.]+ at (\S+),/.exec(output)![1]!;
    expect(pids.length).toBe(6);
    const gone = pids.filter((pid) => !alive(pid));
    if (gone.length > 0)
      throw new Error(
        `processes gone before Ctrl-C: ${gone.join(', ')}\n--- start:stack\n${output}`,
      );
    expect(await accepts(kafka)).toBe(true);
    stack.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => stack.once('exit', resolve));
    expect(code).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(await accepts(kafka)).toBe(false);
    expect(await accepts(`127.0.0.1:${port}`)).toBe(false);
  });
});
