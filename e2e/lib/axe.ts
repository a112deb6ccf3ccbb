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
  const release = await holdToasts(page);
  // Legacy mode runs axe in the page itself: the default opens a blank page of its own for every
  // run to merge the frames' results (about 1 s of a run's 1.7 s, over 116 runs a suite). It gives
  // up only cross-origin frames, which are not ours to fix (a payment provider's fields). Only
  // violations are collected: the passes were built and thrown away.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
    .finally(release);
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

/**
 * Waits until every toast stands still at full opacity, then stops their timers until the
 * returned function is called. A toast still fading in, or fading out, is read half transparent
 * and its text fails the contrast rule though no one reads it then. Waiting for full opacity
 * alone was not enough: a toast at the end of its life started leaving while axe was reading
 * the page (under load, "added to the cart" at 1.34:1, issue 38). react-toastify closes a toast
 * when its progress bar's animation ends, so pausing that animation holds the toast where it is,
 * as hovering it does for a shopper. The pause goes through the Web Animations API: a style
 * element would break the page's Content-Security-Policy.
 */
export async function holdToasts(page: Page): Promise<() => Promise<void>> {
  type Held = { __heldToastTimers?: Animation[] };
  // One page function checks and holds in the same turn, so no toast can start leaving between.
  await page.waitForFunction(() => {
    const toasts = Array.from(document.querySelectorAll('.Toastify__toast'));
    const still = toasts.every(
      (toast) =>
        toast.getAttribute('data-in') === 'true' &&
        !toast.classList.contains('Toastify--animate') &&
        getComputedStyle(toast).opacity === '1',
    );
    if (!still) return false;
    const timers = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState !== 'finished' &&
          animation.effect instanceof KeyframeEffect &&
          animation.effect.target?.classList.contains('Toastify__progress-bar'),
      );
    // A timer whose toast has just come in may not run yet (react-toastify starts it on its next
    // render); pausing it through the API holds it whatever its style says next.
    for (const timer of timers) timer.pause();
    (window as Held).__heldToastTimers = timers;
    return true;
  });
  return async () => {
    await page
      .evaluate(() => {
        for (const timer of (window as Held).__heldToastTimers ?? []) timer.play();
        delete (window as Held).__heldToastTimers;
      })
      .catch(() => undefined);
  };
}
