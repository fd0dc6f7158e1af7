import { SHAPES, type ShapeTarget, waitUntil } from '@gatehouse/testing';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

// The demo seed's write token of alice, an administrator of acme (libs/persistence/seed/demo.yaml).
const ALICE_TOKEN = 'hf_demoAliceWriteToken000000000000000';
const JOB_ID = '66a1f0c0d0e0f0a0b0c0d0f1';
const REPO = 'acme/e2e-job-token';

/**
 * The Job's program: with the HF_TOKEN the worker gave it, it asks whoami-v2 who it is and the
 * access policy whether it may write the event's repository and another one, and writes the
 * answers (never the token) where the test reads them.
 */
const JOB_SCRIPT = `
const { writeFileSync } = require('node:fs');
const env = process.env;
const authorize = (id) =>
  fetch(env.ACCESS_POLICY_URL + '/internal/authorize', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + env.INTERNAL_AUTHORIZE_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({
      token: env.HF_TOKEN,
      action: 'repo.write',
      resource: { kind: 'repo', id, ownerType: 'org', ownerId: env.ACME_ID, private: true },
    }),
  }).then((res) => res.json());
const main = async () => {
  const whoami = await fetch(env.GATEHOUSE_URL + '/api/whoami-v2', {
    headers: { authorization: 'Bearer ' + env.HF_TOKEN },
  }).then((res) => res.json());
  const report = {
    tokenGiven: typeof env.HF_TOKEN === 'string' && env.HF_TOKEN.startsWith('hf_'),
    repoId: env.WEBHOOK_REPO_ID,
    whoami,
    eventRepo: await authorize('model/${REPO}'),
    otherRepo: await authorize('model/acme/bert'),
  };
  writeFileSync(env.OUT_FILE, JSON.stringify(report));
};
main().catch((error) => writeFileSync(env.OUT_FILE, JSON.stringify({ failed: String(error) })));
`;

describe.each(SHAPES)(
  'a Job webhook with a token, created with the CLI, on $name with local Jobs',
  (shape) => {
    let gatehouse: ShapeTarget | undefined;
    let dir: string;
    let outFile: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'gatehouse-job-token-e2e-'));
      // A worker running as root starts local Jobs as nobody, who writes the Job's report here.
      chmodSync(dir, 0o777);
      const script = join(dir, 'job.js');
      writeFileSync(script, JOB_SCRIPT);
      chmodSync(script, 0o644);
      outFile = join(dir, 'report.json');
      const demo = readFileSync('libs/persistence/seed/demo.yaml', 'utf8');
      const job = [
        `  - id: ${JOB_ID}`,
        '    owner: alice',
        `    command: ${JSON.stringify([process.execPath, script])}`,
        `    env: { OUT_FILE: ${JSON.stringify(outFile)} }`,
        '',
      ].join('\n');
      const seed = join(dir, 'seed.yaml');
      writeFileSync(seed, demo.replace(/^jobs:\n/m, `jobs:\n${job}`));
      gatehouse = await shape.start({ seed, env: { GATEHOUSE_JOB_LAUNCHER: 'local' } });
    });

    afterAll(async () => {
      await gatehouse?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${gatehouse!.url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${ALICE_TOKEN}`,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      });

    it('mints a token for the event repository, hands it to the Job as HF_TOKEN, and it reaches that repository only', async () => {
      const target = gatehouse!;
      const me = (await (await api('/api/whoami-v2')).json()) as {
        orgs: Array<{ name: string; id: string }>;
      };
      const acmeId = me.orgs.find((org) => org.name === 'acme')!.id;
      // Created with the CLI, as alice; the Job's secrets come from the CLI's environment.
      const created = await run(
        process.execPath,
        [
          'dist/apps/cli/src/main.js',
          'webhooks',
          'create',
          '--job-id',
          JOB_ID,
          '--watch',
          `model:${REPO}`,
          '--job-token',
          'write',
          '--secrets',
          'GATEHOUSE_URL',
          '--secrets',
          'ACCESS_POLICY_URL',
          '--secrets',
          'INTERNAL_AUTHORIZE_TOKEN',
          '--secrets',
          'ACME_ID',
          '--format',
          'json',
        ],
        {
          env: {
            ...process.env,
            GATEHOUSE_ENDPOINT: target.url,
            GATEHOUSE_TOKEN: ALICE_TOKEN,
            HF_TOKEN: '',
            XDG_CONFIG_HOME: dir,
            GATEHOUSE_URL: target.url,
            ACCESS_POLICY_URL: target.authorizeUrl,
            INTERNAL_AUTHORIZE_TOKEN: target.internalToken,
            ACME_ID: acmeId,
          },
        },
      );
      const webhook = JSON.parse(created.stdout) as { id: string; jobToken: string };
      expect(webhook.jobToken).toBe('write');

      const published = await target.publishEvents([
        {
          event: { action: 'update', scope: 'repo.content' },
          repo: {
            type: 'model',
            name: REPO,
            id: '66e000000000000000000009',
            private: false,
            owner: { id: acmeId, name: 'acme' },
          },
          updatedRefs: [],
        },
      ]);
      expect([published.status, await published.text()]).toEqual([202, expect.any(String)]);

      let activity = '';
      await waitUntil(
        'the Job to write its report',
        async () => {
          activity = await (await api(`/api/settings/webhooks/${webhook.id}/activity`)).text();
          return existsSync(outFile);
        },
        { timeoutMs: 60_000, intervalMs: 250, detail: () => `${activity}\n${target.output()}` },
      );
      const report = (await waitUntil(
        'a whole report',
        () => {
          try {
            return JSON.parse(readFileSync(outFile, 'utf8')) as Record<string, unknown>;
          } catch {
            return null;
          }
        },
        { intervalMs: 100 },
      )) as {
        tokenGiven: boolean;
        repoId: string;
        whoami: { name: string; auth: { accessToken: Record<string, unknown> } };
        eventRepo: { allow: boolean };
        otherRepo: { allow: boolean };
      };
      expect(report.tokenGiven).toBe(true);
      expect(report.repoId).toBe(REPO);
      expect(report.whoami.name).toBe('alice');
      expect(report.whoami.auth.accessToken).toMatchObject({
        role: 'fineGrained',
        fineGrained: {
          global: [],
          scoped: [
            {
              entity: { type: 'model', name: REPO },
              permissions: ['repo.content.read', 'repo.access.read', 'repo.write'],
            },
          ],
          canReadGatedRepos: false,
        },
      });
      expect(report.eventRepo.allow).toBe(true);
      expect(report.otherRepo.allow).toBe(false);

      const audit = (await (await api('/api/organizations/acme/audit-log')).json()) as {
        entries: Array<{ action: string; subject: string | null }>;
      };
      expect(audit.entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'job.token.issued', subject: `model/${REPO}` }),
        ]),
      );
      expect(target.output()).not.toMatch(/hf_[A-Za-z0-9]{30,}/);
    });
  },
);
