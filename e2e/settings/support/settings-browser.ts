import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const SCREENSHOTS = join(__dirname, '../../../docs/settings');

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 375, height: 740 };

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * axe-core run in the page. It is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the page is checked exactly as served.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** Full-page screenshots at desktop and phone width, kept in docs/settings/ as the pages' pictures. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: join(SCREENSHOTS, `${name}-${label}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (size) await page.setViewportSize(size);
}

/** A fresh browser profile (its own cookies) at desktop size, failing the test on any page error. */
export async function newPersonContext(
  browser: Browser,
  base: string,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: DESKTOP,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
      pageErrors.push(message.text());
  });
  return { context, page, pageErrors };
}
