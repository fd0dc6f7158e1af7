import {
  ALL_IN_ONE,
  SHAPES,
  type ShapeTarget,
  type SmtpTestServer,
  startSmtpTestServer,
} from '@gatehouse/testing';
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signIn } from '../auth/support/headless-chromium';
import {
  newPersonContext,
  PHONE,
  seriousAccessibilityViolations,
} from '../settings/support/settings-browser';
import { livesAWholeAccountLife } from './account-life.suite';
import { requireTwoFactorsInAnOrganization } from './organization-two-factor.suite';
import { signInWithAPasskey } from './passkeys.suite';
import { signInWithAnAuthenticatorApp } from './second-factors.suite';
import { mailboxOf, type ShapeMailbox } from '../settings/support/shape-mailbox';

const PASSWORD = 'a long passphrase of my own';
const NEW_PASSWORD = 'another passphrase, newer';

describe.each(SHAPES)('a new person in Chromium on $name', (shape) => {
  let smtp: SmtpTestServer;
  let target: ShapeTarget;
  let browser: Browser;
  let page: Page;
  let mailbox: ShapeMailbox;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    target = await shape.start({
      publicHost: 'localhost',
      env: {
        GATEHOUSE_SIGNUP: 'open',
        ...(shape === ALL_IN_ONE ? {} : { GATEHOUSE_SMTP_URL: smtp.url }),
      },
    });
    mailbox = mailboxOf(shape, target, smtp);
    browser = await launchChromium();
    const person = await newPersonContext(browser, target.url);
    page = person.page;
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
    await smtp?.close();
  });

  async function expectAccessible(): Promise<void> {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }

  it('signs up, confirms by mail, signs in, resets the password by mail and signs in with the new one', async () => {
    const username = `grace${randomInt(1e9)}`;
    const email = `${username}@example.org`;

    await page.goto(`${target.url}/oauth/login`);
    await page.getByRole('link', { name: 'Create account' }).click();
    await expectAccessible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const confirm = await mailbox.link(
      email,
      'Confirm your e-mail address',
      `${target.url}/oauth/confirm-email?token=`,
    );
    await page.goto(confirm);
    await expectAccessible();
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await page.getByRole('heading', { name: 'Address confirmed' }).waitFor();

    await page.goto(`${target.url}/oauth/login`);
    await signIn(page, username, PASSWORD);
    await page.goto(`${target.url}/settings/account`);
    await page.getByText(email).waitFor();
    await page.getByText('confirmed', { exact: true }).waitFor();
    await page.setViewportSize(PHONE);
    await expectAccessible();
    await page.setViewportSize({ width: 1280, height: 860 });
    await Promise.all([
      page.waitForURL(`${target.url}/`),
      page.getByRole('button', { name: 'Sign out' }).click(),
    ]);

    await page.goto(`${target.url}/oauth/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectAccessible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const reset = await mailbox.link(
      email,
      'Reset your password',
      `${target.url}/oauth/reset-password?token=`,
    );
    await page.goto(reset);
    await expectAccessible();
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    await page.goto(`${target.url}/oauth/login`);
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Incorrect username, email or password.').waitFor();
    await signIn(page, username, NEW_PASSWORD);
    await page.goto(`${target.url}/settings/account`);
    await page.getByText(email).waitFor();
  });

  it('sets up an authenticator app, then signs in with a code and with a recovery code', async () => {
    await signInWithAnAuthenticatorApp(page, target);
  });

  it('adds a passkey, signs in with it alone and after the password, and removes it', async () => {
    await signInWithAPasskey(page, target);
  });

  it('lets an organization require two factors, and its member in once they have one', async () => {
    await requireTwoFactorsInAnOrganization(page, target);
  });

  it('lives a whole account life: sign-up, confirmation, an app and a passkey, each used to sign in, a reset, another browser signed out, and deletion', async () => {
    // A browser profile of its own: the passkey test's virtual authenticator stays in the other.
    const person = await newPersonContext(browser, target.url);
    person.page.setDefaultTimeout(15_000);
    try {
      await livesAWholeAccountLife(browser, person.page, target, mailbox);
      expect(person.pageErrors).toEqual([]);
    } finally {
      await person.context.close();
    }
  });
});
