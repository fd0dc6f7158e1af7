import { whoAmI } from '@huggingface/hub';
import type { ShapeTarget } from '@gatehouse/testing';
import type { Page } from 'playwright-core';
import { signIn } from '../auth/support/headless-chromium';

export interface SettingsPageContext {
  target: ShapeTarget;
  page: Page;
  /** axe-core in the page, and the pictures of docs/settings.md. */
  expectAccessible(name: string): Promise<void>;
}

/**
 * The service-accounts page as an administrator of the demo seed's `acme` (alice) uses it: a
 * service account and its token made on the page, the token read back through whoami-v2 and
 * decided by `/internal/authorize`, rotation refusing the old value at once, and deletion the new.
 */
export function serviceAccountsPageSuite(
  context: () => SettingsPageContext,
  alice: { login: string; password: string },
): void {
  describe('/organizations/{name}/settings/service-accounts', () => {
    const whoami = (token: string) =>
      fetch(`${context().target.url}/api/whoami-v2`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const authorize = async (token: string, ownerId: string, repo: string) => {
      const { target } = context();
      const res = await fetch(`${target.authorizeUrl}/internal/authorize`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${target.internalToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          token,
          permission: 'repo.content.read',
          resource: { kind: 'repo', id: repo, ownerType: 'org', ownerId, private: true },
        }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { allow: boolean; principal: { userId: string } | null };
    };

    it('creates a service account and its token on the page; rotating kills the old value, deleting the account the new', async () => {
      const { page, expectAccessible } = context();
      await page.goto('/organizations/acme/settings/service-accounts');
      const heading = page.getByRole('heading', { level: 1, name: 'Service accounts' });
      await heading.or(page.getByLabel('Username or email')).waitFor();
      if (!(await heading.isVisible())) {
        await signIn(page, alice.login, alice.password);
        await heading.waitFor();
      }
      await page.getByText('acme has no service account yet.').waitFor();

      await page.getByLabel('Name', { exact: true }).fill('ci');
      await page.getByLabel('Display name').fill('CI pipeline');
      await page.getByRole('button', { name: 'Create service account' }).click();
      const card = page.getByRole('region', { name: 'Service account ci' });
      await card.getByText('acme+ci').waitFor();

      await card.getByLabel('Token name').fill('release');
      await card.getByRole('button', { name: 'Create token' }).click();
      const first = (await card.getByTestId('once-value').textContent())!;
      expect(first).toMatch(/^hf_[0-9A-Za-z]{30,}$/);
      await card.getByRole('cell', { name: /^release hf_…/ }).waitFor();

      const me = await whoami(first);
      expect(me.status).toBe(200);
      const identity = (await me.json()) as {
        type: string;
        name: string;
        orgs: Array<{ id: string; name: string; roleInOrg: string }>;
        auth: { accessToken: { role: string; fineGrained: { global: string[] } } };
      };
      expect(identity).toMatchObject({
        type: 'user',
        name: 'acme+ci',
        serviceAccount: { organization: 'acme' },
        orgs: [{ name: 'acme', roleInOrg: 'write' }],
        auth: { accessToken: { role: 'fineGrained', fineGrained: { global: [] } } },
      });
      // huggingface.js reads it unchanged; huggingface_hub's key paths are all there.
      const info = await whoAmI({
        credentials: { accessToken: first },
        hubUrl: context().target.url,
      });
      expect(info).toMatchObject({
        type: 'user',
        name: 'acme+ci',
        fullname: 'CI pipeline',
        avatarUrl: expect.any(String),
        orgs: [{ name: 'acme' }],
        auth: { accessToken: { role: 'fineGrained', displayName: 'release' } },
      });
      const acmeId = identity.orgs[0]!.id;
      expect(await authorize(first, acmeId, 'model/acme/bert')).toMatchObject({ allow: true });
      expect(
        (await authorize(first, '66e0000000000000000000ff', 'model/elsewhere/bert')).allow,
      ).toBe(false);
      await expectAccessible('organization-service-accounts');

      await card.getByRole('button', { name: 'Rotate release' }).click();
      await card.getByRole('button', { name: 'Rotate: the current value stops working' }).click();
      const once = card.getByTestId('once-value');
      await once.filter({ hasNotText: first }).waitFor();
      const second = (await once.textContent())!;
      expect(second).toMatch(/^hf_/);
      expect((await whoami(first)).status).toBe(401);
      expect(await authorize(first, acmeId, 'model/acme/bert')).toMatchObject({
        allow: false,
        principal: null,
      });
      expect((await whoami(second)).status).toBe(200);
      expect((await authorize(second, acmeId, 'model/acme/bert')).allow).toBe(true);

      await card.getByRole('button', { name: 'Delete service account ci' }).click();
      await card.getByRole('button', { name: 'Delete ci and revoke its tokens' }).click();
      await page.getByText('acme has no service account yet.').waitFor();
      expect((await whoami(second)).status).toBe(401);
    });
  });
}
