import type { BrowserContext, Page } from 'playwright-core';

// What a page did just before a test failed, for a failure seen once under load and never again
// (issue 38: the staff phone look-up after "Nueva búsqueda"). Kept inside the page, an array
// push per event: a Playwright binding per event is a round trip to this process, and with such
// bindings the failure no longer showed (27 runs).

const EVENTS = '__e2eEvents';
const KEPT = 100;

/**
 * The recorder, as plain JavaScript text: a function passed to addInitScript is sent as its
 * source, and tsx's compiled source calls helpers (`__name`) the page does not have.
 */
const recorder = `(() => {
  const log = [];
  window.${EVENTS} = log;
  const add = (text) => {
    log.push(Math.round(performance.now()) + 'ms ' + text);
    if (log.length > ${KEPT}) log.shift();
  };
  for (const method of ['pushState', 'replaceState']) {
    const original = history[method].bind(history);
    history[method] = (data, unused, url) => {
      const caller = (new Error().stack || '').split('\\n').slice(2, 4).join(' < ');
      add(method + ' ' + String(url) + ' from ' + caller.replace(/\\s+/g, ' '));
      original(data, unused, url);
      // Chromium ignores a page's 200th address change within 10 seconds, and says so only here.
      if (url && !location.href.endsWith(String(url).replace(/^\\./, '')))
        add(method + ' left the address at ' + location.href);
    };
  }
  addEventListener('popstate', () => add('popstate ' + location.href), true);
  for (const type of ['pointerdown', 'pointerup', 'click', 'submit'])
    addEventListener(type, (event) => {
      const target = event.target;
      const text = ((target && target.textContent) || '').trim().slice(0, 40);
      const point = event instanceof MouseEvent ? ' at ' + event.clientX + ',' + event.clientY : '';
      add(type + ' <' + (target && target.tagName ? target.tagName.toLowerCase() : '?') + '> "' + text + '"' + point);
    }, true);
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const url = args[0] instanceof Request ? args[0].url : String(args[0]);
    add('fetch ' + url);
    try {
      const response = await originalFetch(...args);
      add('fetched ' + response.status + ' ' + url);
      return response;
    } catch (error) {
      add('fetch failed (' + String(error) + ') ' + url);
      throw error;
    }
  };
})();`;

/** Records the page's history changes (with who made them), pointer presses, submits and fetches. */
export async function recordPageEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: recorder });
}

/** The page's recorded events, oldest first ([] when it cannot answer). */
export async function pageEvents(page: Page): Promise<string[]> {
  return page
    .evaluate(
      (name) => (window as unknown as Record<string, string[] | undefined>)[name] ?? [],
      EVENTS,
    )
    .catch(() => []);
}

const consoleLines = new WeakMap<Page, string[]>();

/** Keeps the page's last console warnings and errors (Chromium's own, such as a throttled navigation, too). */
export function recordConsole(page: Page): void {
  const lines: string[] = [];
  consoleLines.set(page, lines);
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    lines.push(`${message.type()}: ${message.text().slice(0, 300)}`);
    if (lines.length > 20) lines.shift();
  });
}

export function pageConsole(page: Page): string[] {
  return consoleLines.get(page) ?? [];
}
