import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type AxeFinding = {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
};

/**
 * axe-core's serious and critical violations on the page as it is now (all of axe's rules:
 * WCAG 2.x A/AA and best practices). Each finding names the page, the rule and up to five
 * offending elements, so a failure says what to fix.
 */
export async function seriousViolations(page: Page, label = page.url()): Promise<AxeFinding[]> {
  // A toast still fading in is read half transparent (its text then fails the contrast rule as
  // no one sees it): the page is judged once every toast stands at full opacity.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.Toastify__toast')).every(
      (toast) => getComputedStyle(toast).opacity === '1',
    ),
  );
  // Legacy mode runs axe in the page itself: the default opens a blank page of its own for every
  // run to merge the frames' results (about 1 s of a run's 1.7 s, over 116 runs a suite). It gives
  // up only cross-origin frames, which are not ours to fix (a payment provider's fields). Only
  // violations are collected: the passes were built and thrown away.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: label,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map(
          (node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
        ),
    }));
}

export function formatFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `${f.page}: [${f.impact}] ${f.rule} - ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`,
    )
    .join('\n');
}
