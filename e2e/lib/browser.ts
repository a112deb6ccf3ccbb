import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's headless shell (package chromium-headless-shell: the same Blink and V8, without the
 * browser's own windows, tabs and profile services) when it is installed, else Debian's full
 * chromium. The full browser in headless mode spent about 45 % more CPU on the same tests
 * (bench/RESULTS.md, 2026-12-04); the headless shell is also what Playwright itself runs headless.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium';

/**
 * Why the browser tests cannot run here, or null when they can. With E2E_REQUIRED=1 a missing
 * browser is a failure, not a skip.
 */
export function browserSkipReason(): string | null {
  if (existsSync(chromiumPath)) return null;
  const reason = `Chromium not found at ${chromiumPath} (set CHROMIUM_PATH)`;
  if (process.env.E2E_REQUIRED === '1')
    throw new Error(`${reason}; E2E_REQUIRED=1 forbids skipping`);
  console.warn(`skipping browser tests: ${reason}`);
  return reason;
}

/** The flags every browser of the suite runs with. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The suite's browser: the one the runner started for every file (scripts/run-tests.mjs puts its
 * address in E2E_BROWSER_WS), else one of this process's own. Files are kept apart by their
 * contexts (own cookies, storage and cache), as they were with a browser each; starting Chromium
 * and closing it again cost about 2 CPU-seconds, once per file.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}
