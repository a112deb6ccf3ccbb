import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
