import { type ShapeTarget, WORKSPACE_ROOT } from '@gatehouse/testing';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The demo seed (libs/persistence/seed/demo.yaml): Alice's write token and her source Job.
const ALICE_TOKEN = 'hf_demoAliceWriteToken000000000000000';
const DEMO_JOB_ID = '66a1f0c0d0e0f0a0b0c0d0e1';
const RECEIVER = 'http://127.0.0.1:9/hook';

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `gatehouse webhooks ...` as a user runs it (the built CLI), stdin not a terminal. */
function gatehouse(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['dist/apps/cli/src/main.js', 'webhooks', ...args],
      { cwd: WORKSPACE_ROOT, env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** `gatehouse webhooks` from an empty list to a deletion, as alice; runs first on its Gatehouse (it expects no webhooks). */
export function cliLifecycleSuite(target: () => ShapeTarget): void {
  describe('gatehouse webhooks', () => {
    let configHome: string;
    let server: ShapeTarget;
    let env: Record<string, string>;
    const cli = (...args: string[]) => gatehouse(env, ...args);

    beforeAll(() => {
      configHome = mkdtempSync(join(tmpdir(), 'gatehouse-webhooks-e2e-config-'));
      server = target();
      // No stored login, no HF token of the developer's: only what the test gives.
      env = {
        GATEHOUSE_ENDPOINT: server.url,
        GATEHOUSE_TOKEN: ALICE_TOKEN,
        HF_TOKEN: '',
        XDG_CONFIG_HOME: configHome,
      };
    });

    afterAll(() => {
      rmSync(configHome, { recursive: true, force: true });
    });

    let urlHook: string;
    let jobHook: string;

    it('starts with no webhooks', async () => {
      const run = await cli('ls');
      expect(run).toMatchObject({ code: 0, stdout: 'No webhooks.\n' });
    });

    it('creates a URL webhook', async () => {
      const run = await cli(
        'create',
        '--url',
        RECEIVER,
        '--watch',
        'model:acme/bert',
        '--watch',
        'user:alice',
        '--domain',
        'repo',
        '--secret',
        'e2e-secret',
        '--format',
        'json',
      );
      expect(run.code).toBe(0);
      const webhook = JSON.parse(run.stdout);
      expect(webhook).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        url: RECEIVER,
        job: null,
        watched: [
          { type: 'model', name: 'acme/bert' },
          { type: 'user', name: 'alice' },
        ],
        domains: ['repo'],
        secret: 'e2e-secret',
        disabled: false,
      });
      urlHook = webhook.id;
    });

    it('creates a Job webhook from the demo Job, its secret read from the environment', async () => {
      const run = await gatehouse(
        { ...env, API_KEY: 'e2e-job-secret' },
        'create',
        '--job-id',
        DEMO_JOB_ID,
        '--watch',
        'org:acme',
        '--secrets',
        'API_KEY',
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^job: +python:3\.12-slim$/m);
      expect(run.stdout).toMatch(/^job secrets: API_KEY$/m);
      expect(run.stdout).not.toContain('DEMO_API_KEY');
      jobHook = /^id: +([0-9a-f]{24})$/m.exec(run.stdout)![1]!;
    });

    it('lists both in a table, and as JSON', async () => {
      const table = await cli('ls');
      expect(table.code).toBe(0);
      const lines = table.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^ID +STATUS +TARGET +WATCHED +DOMAINS$/);
      expect(lines[1]).toMatch(
        new RegExp(
          `^${urlHook} +enabled +${RECEIVER.replace(/[.]/g, '\\.')} +model:acme/bert, user:alice +repo$`,
        ),
      );
      expect(lines[2]).toMatch(
        new RegExp(`^${jobHook} +enabled +job: python:3\\.12-slim +org:acme +repo, discussion$`),
      );
      const json = await cli('ls', '--format', 'json');
      expect(JSON.parse(json.stdout).map((webhook: { id: string }) => webhook.id)).toEqual([
        urlHook,
        jobHook,
      ]);
    });

    it('shows one webhook', async () => {
      const run = await cli('info', urlHook);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(
        [
          `id:      ${urlHook}`,
          'status:  enabled',
          `url:     ${RECEIVER}`,
          'watched: model:acme/bert, user:alice',
          'domains: repo',
          'secret:  set',
          '',
        ].join('\n'),
      );
    });

    it('updates only the given options', async () => {
      const run = await cli('update', urlHook, '--domain', 'discussions', '--format', 'json');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        url: RECEIVER,
        watched: [
          { type: 'model', name: 'acme/bert' },
          { type: 'user', name: 'alice' },
        ],
        domains: ['discussion'],
        secret: 'e2e-secret',
      });
    });

    it('disables and enables', async () => {
      expect((await cli('disable', urlHook)).stdout).toMatch(/^status: +disabled$/m);
      expect((await cli('ls')).stdout).toMatch(new RegExp(`^${urlHook} +disabled `, 'm'));
      expect((await cli('enable', urlHook)).stdout).toMatch(/^status: +enabled$/m);
    });

    it('refuses to delete without confirmation when not on a terminal', async () => {
      const run = await cli('delete', urlHook);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `Refusing to delete webhook ${urlHook} without confirmation: not a terminal; pass --yes`,
      );
      expect((await cli('info', urlHook)).code).toBe(0);
    });

    it('deletes with --yes; the webhook is gone for good', async () => {
      const run = await cli('delete', urlHook, '--yes');
      expect(run).toMatchObject({ code: 0, stdout: `Webhook ${urlHook} deleted.\n` });
      const info = await cli('info', urlHook);
      expect(info.code).toBe(1);
      expect(info.stderr).toContain(
        `404 for GET ${env.GATEHOUSE_ENDPOINT}/api/settings/webhooks/${urlHook}: Webhook not found`,
      );
      expect(
        JSON.parse((await cli('ls', '--format', 'json')).stdout).map(
          (webhook: { id: string }) => webhook.id,
        ),
      ).toEqual([jobHook]);
    });

    it('reports a refused input with the field the server named', async () => {
      const run = await cli(
        'create',
        '--url',
        'https://10.0.0.8/hook',
        '--watch',
        'model:acme/bert',
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /400 for POST .*: url: must not target a private or special-use address/,
      );
    });

    it('needs a token', async () => {
      const run = await gatehouse({ ...env, GATEHOUSE_TOKEN: '' }, 'ls');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'No access token: pass --token, set GATEHOUSE_TOKEN or HF_TOKEN, or sign in with gatehouse auth login',
      );
    });
  });
}
