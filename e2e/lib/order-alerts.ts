import type { BrowserContext, Page } from 'playwright-core';

/** What the page announced: the chimes' tones started and the notifications shown. */
export type AlertsSeen = { tones: number; notifications: { title: string; body: string }[] };

/**
 * Watches the new-order alerts of a console in every page of `context` (from its next load):
 * each tone the page starts on its AudioContext is counted, and the browser's Notification is
 * replaced by one that records what it would show (headless Chromium shows none) and answers
 * `requestPermission` with 'granted', as a person accepting the browser's question would.
 */
export async function spyOnOrderAlerts(context: BrowserContext): Promise<void> {
  // Plain JavaScript in a string: a function would be sent as its compiled source, which calls
  // helpers of the test's compiler (esbuild's __name) that the page does not have.
  await context.addInitScript({
    content: `(() => {
      const seen = { tones: 0, notifications: [] };
      window.__orderAlerts = seen;
      const Audio = window.AudioContext;
      if (Audio) {
        const create = Audio.prototype.createOscillator;
        Audio.prototype.createOscillator = function () {
          const oscillator = create.call(this);
          const start = oscillator.start.bind(oscillator);
          oscillator.start = (when) => {
            seen.tones += 1;
            start(when);
          };
          return oscillator;
        };
      }
      let permission = 'default';
      function RecordedNotification(title, options) {
        seen.notifications.push({ title, body: (options && options.body) || '' });
      }
      RecordedNotification.prototype.close = () => undefined;
      Object.defineProperty(RecordedNotification, 'permission', { get: () => permission });
      RecordedNotification.requestPermission = () => {
        permission = 'granted';
        return Promise.resolve(permission);
      };
      Object.defineProperty(window, 'Notification', {
        value: RecordedNotification,
        configurable: true,
        writable: true,
      });
    })();`,
  });
}

export function alertsSeen(page: Page): Promise<AlertsSeen> {
  return page.evaluate(() => (window as unknown as { __orderAlerts: AlertsSeen }).__orderAlerts);
}
