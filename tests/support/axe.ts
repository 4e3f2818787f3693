/**
 * The browser tests' accessibility check: axe's WCAG 2 A and AA rules on
 * the page as it stands, every violation listed in the failure.
 *
 * axe reads a text's background by hit-testing the point under it, and a
 * block the browser skips (`content-visibility: auto`, below the first
 * screen of a phone, ADR 014) answers no hit test until it is drawn: axe
 * then saw the white page behind the footer's newsletter label. Those
 * blocks are drawn first, as they are once a visitor scrolls to them.
 */
import { type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect } from './shared-tab.ts';

export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const report = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}
