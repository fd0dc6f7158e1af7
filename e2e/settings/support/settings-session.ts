import type { ShapeTarget } from '@gatehouse/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, signIn } from '../../auth/support/headless-chromium';
import { newPersonContext } from './settings-browser';

/** alice of the demo seed (libs/persistence/seed/demo.yaml): she administers acme. */
export const DEMO_ALICE = {
  login: 'alice',
  email: 'alice@example.com',
  password: 'gatehouse-demo',
  token: 'hf_demoAliceWriteToken000000000000000',
} as const;

/** acme's id in the demo seed, as the platform's repo services name a repository's owner. */
const ACME_ID = '66e000000000000000000102';

interface UpdatedRef {
  ref: string;
  oldSha: string | null;
  newSha: string;
}

/** A change of one of acme's models as the platform's repo services publish it (`POST /internal/events`). */
export function acmeModelChange(
  name: string,
  change: { id: string; scope?: string; updatedRefs?: UpdatedRef[] },
) {
  return {
    event: { action: 'update', scope: change.scope ?? 'repo.content' },
    repo: {
      type: 'model',
      name,
      id: change.id,
      private: false,
      owner: { id: ACME_ID, name: 'acme' },
    },
    updatedRefs: change.updatedRefs ?? [],
  };
}

/** A shape and a person's Chromium page on it, as a settings suite drives them. */
export interface SettingsSession {
  target: ShapeTarget;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Page errors and refused content so far: a suite expects none after each test. */
  pageErrors: string[];
  /** Closes the browser (every context of it) and stops the shape. */
  close(): Promise<void>;
}

/**
 * Starts the shape (`start`), Chromium and a fresh person at desktop size; with `signInAt`, the
 * person opens that settings page, signs in as alice on the way, and is back on it.
 */
export async function openSettingsSession(
  start: () => Promise<ShapeTarget>,
  options: { signInAt?: string } = {},
): Promise<SettingsSession> {
  const target = await start();
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await target.stop();
  };
  try {
    browser = await launchChromium();
    const person = await newPersonContext(browser, target.url);
    const { page } = person;
    page.setDefaultTimeout(15_000);
    if (options.signInAt) {
      await page.goto(options.signInAt);
      await page.waitForURL(/\/oauth\/login/);
      await signIn(page, DEMO_ALICE.login, DEMO_ALICE.password);
      await page.waitForURL(`${target.url}${options.signInAt}`);
    }
    return { target, browser, context: person.context, page, pageErrors: person.pageErrors, close };
  } catch (error) {
    await close();
    throw error;
  }
}
