import { ALL_IN_ONE, type SHAPES } from '@gatehouse/testing';
import type { Page } from 'playwright-core';
import { PHONE, screenshots, seriousAccessibilityViolations } from './settings-browser';

/**
 * No serious axe violation on the page once it settled; on the all-in-one the page's pictures are
 * taken for docs/settings.md (the distributed shape serves the same pages).
 */
export async function expectAccessible(
  page: Page,
  shape: (typeof SHAPES)[number],
  name: string,
): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  if (shape === ALL_IN_ONE) await screenshots(page, name);
}

/** The page is no wider than a phone's screen at phone width. */
export async function fitsAPhone(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  if (size) await page.setViewportSize(size);
}
