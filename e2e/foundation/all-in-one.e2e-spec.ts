import {
  NodeProcess,
  RunningAllInOne,
  startAllInOne,
  waitForHttp,
  waitUntil,
  WORKSPACE_ROOT,
} from '@gatehouse/testing';

// The demo seed's write token of alice (libs/persistence/seed/demo.yaml).
const DEMO_WRITE_TOKEN = 'hf_demoAliceWriteToken000000000000000';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// `npm start` is `build && node dist/apps/gatehouse/src/main.js`; the e2e global setup built dist/.
describe('the all-in-one process (npm start)', () => {
  let allInOne: RunningAllInOne;
  let gatehouse: NodeProcess;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    // Not waiting for readiness: the first test waits for the start itself.
    // From an empty data directory, as `npm start` on a fresh clone: the migrations show.
    allInOne = await startAllInOne({ waitUntilReady: false, dataDirTemplate: null });
    ({ process: gatehouse, url: base, dataDir } = allInOne);
  });

  afterAll(async () => {
    await allInOne?.stop();
  });

  // How fast it starts is a figure for the benchmarks, not a test on a shared machine.
  it('answers /healthz after a start on an empty data directory', async () => {
    const response = await waitForHttp(`${base}/healthz`, {
      timeoutMs: 120_000,
      process: gatehouse,
    });
    expect(response.status).toBe(200);
  });

  it('is ready on its embedded stores', async () => {
    const response = await waitForHttp(`${base}/readyz`, { process: gatehouse });
    const readiness = (await response.json()) as { status: string; checks: Record<string, string> };
    expect(readiness.status).toBe('ready');
    expect(readiness.checks).toMatchObject({
      postgres: 'ok',
      'flow-state': 'ok',
      'event-bus': 'ok',
    });
    expect(Object.values(readiness.checks).every((state) => state === 'ok')).toBe(true);
  });

  it('advertises every grant it handles in discovery', async () => {
    const discovery = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as {
      grant_types_supported: string[];
    };
    expect(discovery.grant_types_supported).toEqual([
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ]);
  });

  it('serves the OpenAPI document of every public route at /openapi.json, as docs/openapi.json renders it', async () => {
    const response = await fetch(`${base}/openapi.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(
      JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'docs/openapi.json'), 'utf8')),
    );
  });

  it('shows its start-up (migrations, seed), then its URL and the demo sign-in credentials', () => {
    const output = gatehouse.output();
    expect(output).toMatch(
      /Preparing the database: migration 1 of (\d+)\n[^]*migration \1 of \1\n/,
    );
    expect(output).toContain('Applying the seed file');
    expect(output).toContain(`Gatehouse is running at http://localhost:`);
    expect(output).toContain('alice / gatehouse-demo');
  });

  it('keeps the access log off its terminal unless GATEHOUSE_ACCESS_LOG is set', async () => {
    const answered = await fetch(`${base}/.well-known/openid-configuration`, {
      headers: { 'x-request-id': 'access-log-probe' },
    });
    expect(answered.status).toBe(200);
    await waitForHttp(`${base}/healthz`, { process: gatehouse });
    expect(gatehouse.logs.some((entry) => entry.requestId === 'access-log-probe')).toBe(false);
  });

  it('tells the owner of a token reported leaked in its local mailbox, at /dev/mailbox', async () => {
    const created = await fetch(`${base}/api/settings/tokens`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${DEMO_WRITE_TOKEN}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'pasted in a notebook', role: 'read' }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const reported = await fetch(`${base}/api/credentials/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: [token] }),
    });
    expect(reported.status).toBe(202);

    const messages = await waitUntil('the message in the mailbox', async () => {
      const answer = (await (await fetch(`${base}/dev/mailbox/messages`)).json()) as {
        messages: Array<{ to: string; subject: string; text: string }>;
      };
      return answer.messages.length > 0 ? answer.messages : null;
    });
    expect(messages).toEqual([
      expect.objectContaining({
        to: 'alice@example.com',
        subject: 'A token of yours was reported leaked and has been revoked',
        text: expect.stringContaining('your access token "pasted in a notebook"'),
      }),
    ]);
    expect(messages[0]!.text).not.toContain(token);
    const page = await fetch(`${base}/dev/mailbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('A token of yours was reported leaked');
    expect(gatehouse.logs.find((entry) => entry.msg === 'mail transport')).toMatchObject({
      mail: `the local mailbox in ${join(dataDir, 'mailbox')}`,
    });
  });

  it('kept its generated secrets under the data directory, readable by the owner only', () => {
    expect(statSync(join(dataDir, 'encryption.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'internal.token')).mode & 0o777).toBe(0o600);
  });

  it('logs structured JSON', () => {
    const listening = gatehouse.logs.find((entry) => entry.msg === 'listening');
    expect(listening).toMatchObject({ level: 'info', service: 'gatehouse' });
  });

  it('drains and exits 0 on SIGTERM', async () => {
    expect(await gatehouse.stop()).toEqual({ code: 0, signal: null });
  });
});
