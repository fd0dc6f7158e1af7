import { ALICE_JOB_ID, BOB_JOB_ID, SOURCE_JOB_SECRET, TOKENS } from '../testing/fixtures';
import { call, startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';

const PATH = '/api/settings/webhooks/source-jobs';

describe('GET /api/settings/webhooks/source-jobs: the Jobs a Job webhook may start', () => {
  let server: WebhooksTestApp;

  beforeAll(async () => {
    server = await startWebhooksTestApp();
  });

  afterAll(async () => {
    await server?.close();
  });

  it("lists the caller's own Jobs, without their environment or secrets", async () => {
    const response = await call(server.baseUrl, 'GET', PATH, { token: TOKENS.aliceWrite });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      jobs: [
        {
          id: ALICE_JOB_ID,
          dockerImage: 'python:3.12-slim',
          spaceId: null,
          command: ['python', '-c', "import os; print(os.environ['WEBHOOK_PAYLOAD'])"],
        },
      ],
      // GATEHOUSE_JOB_LAUNCHER defaults to `disabled`: the form says Jobs do not run here.
      jobsEnabled: false,
    });
    expect(response.text).not.toContain(SOURCE_JOB_SECRET);
    expect(response.text).not.toContain('LOG_LEVEL');
  });

  it("never lists another user's Job (cross-tenant)", async () => {
    const bobs = await call(server.baseUrl, 'GET', PATH, { token: TOKENS.bobWrite });
    expect(bobs.status).toBe(200);
    expect((bobs.json as { jobs: Array<{ id: string }> }).jobs.map((job) => job.id)).toEqual([
      BOB_JOB_ID,
    ]);
  });

  it('answers as the other webhook routes do: 401 without a token, 403 without the webhooks scope', async () => {
    expect((await call(server.baseUrl, 'GET', PATH)).status).toBe(401);
    const noScope = await call(server.baseUrl, 'GET', PATH, {
      token: TOKENS.aliceOAuthNoWebhooks,
    });
    expect(noScope.status).toBe(403);
  });
});
