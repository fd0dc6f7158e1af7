import { ORG_TOKEN_BLOCK_MESSAGES } from '@gatehouse/domain';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';
import { RunningAllInOne, startAllInOne, waitUntil } from '@gatehouse/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signIn } from '../auth/support/headless-chromium';
import {
  newPersonContext,
  screenshots,
  seriousAccessibilityViolations,
} from './support/settings-browser';

const DEMO_SEED = join(__dirname, '../../libs/persistence/seed/demo.yaml');
const ALICE = {
  login: 'alice',
  password: 'gatehouse-demo',
  token: 'hf_demoAliceWriteToken000000000000000',
};
const BOB_TOKEN = 'hf_demoBobWriteToken00000000000000000';
const BOB = { login: 'bob', password: 'gatehouse-demo-bob' };

/** The demo seed with a write token for bob, a read member of acme. */
function seedWithBobToken(dir: string): string {
  const demo = readFileSync(DEMO_SEED, 'utf8');
  const withBob = demo.replace(
    `    token: ${ALICE.token}\n`,
    `    token: ${ALICE.token}\n  - user: bob\n    name: bob-write\n    role: write\n    token: ${BOB_TOKEN}\n`,
  );
  if (withBob === demo) throw new Error(`the demo seed no longer has ${ALICE.token}`);
  const path = join(dir, 'seed.yaml');
  writeFileSync(path, withBob);
  return path;
}

/**
 * The approval flow of an organization's token policy, as people do it (docs/settings-api.md
 * "Organization tokens"): acme requires approval, a member creates a fine-grained token scoped to
 * acme through the API, the access policy (`POST /internal/authorize`) refuses it while pending,
 * alice approves it on the organization's Tokens page in Chromium, and the policy lets it act.
 * On the all-in-one, which serves /internal/authorize beside the pages.
 */
describe('organization token approval, from the API to the Tokens page and back', () => {
  let gatehouse: RunningAllInOne;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let closeContext: () => Promise<void>;
  let acmeId: string;

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${gatehouse.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  const authorize = async (token: string) => {
    const res = await fetch(`${gatehouse.url}/internal/authorize`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${gatehouse.internalToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        token,
        permission: 'repo.content.read',
        resource: {
          kind: 'repo',
          id: 'model/acme/private-model',
          ownerType: 'org',
          ownerId: acmeId,
          private: true,
        },
      }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { allow: boolean; reason: string };
  };
  const bobsApprovals = async (name: string) => {
    const { json } = await call('GET', '/api/settings/tokens', BOB_TOKEN);
    return (json as PersonalTokenView[]).find((token) => token.name === name)?.approvals;
  };

  beforeAll(async () => {
    gatehouse = await startAllInOne({ listeningUrlIsPublic: true, seed: seedWithBobToken });
    browser = await launchChromium();
    const person = await newPersonContext(browser, gatehouse.url);
    page = person.page;
    page.setDefaultTimeout(15_000);
    pageErrors = person.pageErrors;
    closeContext = () => person.context.close();
    const whoami = await call('GET', '/api/whoami-v2', ALICE.token);
    acmeId = (whoami.json as { orgs: Array<{ id: string; name: string }> }).orgs.find(
      (org) => org.name === 'acme',
    )!.id;
  }, 120_000);

  afterAll(async () => {
    await closeContext?.();
    await browser?.close();
    await gatehouse?.stop();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  it('holds a new fine-grained token until alice approves it on the page', async () => {
    expect(
      await call('PUT', '/api/organizations/acme/settings/token-policy', ALICE.token, {
        policy: 'require_approval',
      }),
    ).toMatchObject({ status: 200, json: { policy: 'require_approval' } });

    const created = await call('POST', '/api/settings/tokens', BOB_TOKEN, {
      name: 'bob ci',
      role: 'fineGrained',
      fineGrained: {
        scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: ['repo.content.read'] }],
      },
    });
    expect(created.status).toBe(201);
    const token = (created.json as CreatedPersonalToken).token;
    expect((created.json as CreatedPersonalToken).approvals).toEqual([
      { organization: { id: acmeId, name: 'acme' }, state: 'pending' },
    ]);
    expect(await authorize(token)).toMatchObject({
      allow: false,
      reason: ORG_TOKEN_BLOCK_MESSAGES.approval_pending,
    });

    await page.goto('/organizations/acme/settings/tokens');
    await page.waitForURL(/\/oauth\/login/);
    await signIn(page, ALICE.login, ALICE.password);
    await page.waitForURL(`${gatehouse.url}/organizations/acme/settings/tokens`);
    await page.getByRole('heading', { level: 1, name: 'Tokens' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'bob ci' });
    await row.getByText('Pending approval').waitFor();
    expect(await page.getByLabel(/Require administrator approval/).isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'organization-tokens');

    await page.getByRole('button', { name: 'Approve bob ci of bob' }).click();
    await page.getByRole('status').filter({ hasText: 'Approved bob ci of bob.' }).waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await authorize(token)).toMatchObject({ allow: true });
    expect(await bobsApprovals('bob ci')).toEqual([
      { organization: { id: acmeId, name: 'acme' }, state: 'approved' },
    ]);

    await page.getByRole('button', { name: 'Deny bob ci of bob' }).click();
    await page.getByRole('button', { name: 'Deny this token' }).click();
    await page.getByRole('status').filter({ hasText: 'Denied bob ci of bob.' }).waitFor();
    await row.getByText('Denied', { exact: true }).waitFor();
    expect(await authorize(token)).toMatchObject({
      allow: false,
      reason: ORG_TOKEN_BLOCK_MESSAGES.approval_denied,
    });
    expect(await bobsApprovals('bob ci')).toEqual([
      { organization: { id: acmeId, name: 'acme' }, state: 'denied' },
    ]);
  });

  it('revokes a member’s token by its value on the page', async () => {
    await page.getByLabel('Token', { exact: true }).fill(BOB_TOKEN);
    await page.getByRole('button', { name: 'Revoke this token' }).click();
    await page.getByRole('status').filter({ hasText: 'Revoked bob-write of bob.' }).waitFor();
    expect((await call('GET', '/api/whoami-v2', BOB_TOKEN)).status).toBe(401);
  });

  it('tells bob on his account page that an administrator of acme revoked his token', async () => {
    const bob = await newPersonContext(browser, gatehouse.url);
    try {
      await bob.page.goto('/settings/account');
      await bob.page.waitForURL(/\/oauth\/login/);
      await signIn(bob.page, BOB.login, BOB.password);
      await bob.page.waitForURL(`${gatehouse.url}/settings/account`);
      const events = bob.page.getByRole('region', { name: 'Recent security events' });
      const notice = events.getByText(
        'Token "bob-write" revoked by alice of the organization acme',
      );
      // The notice travels as an event through the outbox: the page shows it once it is consumed.
      await waitUntil('the revocation among bob’s security events', async () => {
        if ((await notice.count()) > 0) return true;
        await bob.page.reload();
        await events.waitFor();
        return false;
      });
      expect(bob.pageErrors).toEqual([]);
    } finally {
      await bob.context.close();
    }
  });
});
