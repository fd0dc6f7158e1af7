import type { ShapeTarget } from '@gatehouse/testing';
import type { Page } from 'playwright-core';
import { signIn } from '../auth/support/headless-chromium';
import { seriousAccessibilityViolations } from '../settings/support/settings-browser';
import { signOut } from './account-steps';
import { turnOnAuthenticatorApp } from './second-factors.suite';

// The demo seed (libs/persistence/seed/demo.yaml): acme's administrator alice, its member bob and
// acme's token-exchange app.
const ALICE = { login: 'alice', password: 'gatehouse-demo' };
const BOB = { login: 'bob', password: 'gatehouse-demo-bob', email: 'bob@example.com' };
const ACME_EXCHANGE = {
  clientId: '6b1c2d3e-4f50-4a61-8b72-9c83d4e5f607',
  clientSecret: 'acme-exchange-secret-0123456789',
};
const SET_ONE_UP = 'set up an authenticator app or a passkey at /settings/account/security';

/** acme's app exchanging `email` for a token bound to acme (docs/oauth.md "Token exchange"). */
function exchangeFor(base: string, email: string): Promise<Response> {
  const basic = Buffer.from(`${ACME_EXCHANGE.clientId}:${ACME_EXCHANGE.clientSecret}`);
  return fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic.toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: email,
      subject_token_type: 'urn:huggingface:token-type:user-email',
    }),
  });
}

/**
 * acme's administrator, without a factor, is refused turning the requirement on and follows the
 * link to set one up; with an authenticator app, turns it on. Then acme's member bob, without a
 * factor, is refused token exchange with where to set one up; once bob has an app, he gets in.
 */
export async function requireTwoFactorsInAnOrganization(
  page: Page,
  target: ShapeTarget,
): Promise<void> {
  const base = target.url;
  const security = `${base}/organizations/acme/settings/security`;
  await page.context().clearCookies();
  await page.goto(`${base}/oauth/login`);
  await signIn(page, ALICE.login, ALICE.password);
  await page.goto(base);
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
  const requirement = page.getByRole('checkbox', {
    name: 'Require two-factor authentication of members',
  });
  await requirement.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Set up two-factor authentication for your own account first').waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  await turnOnAuthenticatorApp(page, base);

  await page.goto(security);
  await requirement.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved: members need two-factor authentication.').waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
  expect(await requirement.isChecked()).toBe(true);
  await signOut(page, base);

  const refused = await exchangeFor(base, BOB.email);
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({
    error: 'invalid_grant',
    error_description: `Organization acme requires two-factor authentication: ${SET_ONE_UP}, then try again.`,
  });

  await page.goto(`${base}/oauth/login`);
  await signIn(page, BOB.login, BOB.password);
  await turnOnAuthenticatorApp(page, base);
  expect((await exchangeFor(base, BOB.email)).status).toBe(200);
}
