import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { pageConsole, pageEvents } from './page-events';

const folder = path.join(process.env.E2E_SCREENSHOTS ?? tmpdir(), 'failed-tests');

/**
 * What every open page of a failed test showed: its address and the start of its visible text on
 * stderr (CI keeps the log, not the files), what it last did and logged (page-events.ts), and a
 * screenshot beside the others.
 */
export async function reportFailedPages(testName: string, contexts: BrowserContext[]) {
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const pages = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  mkdirSync(folder, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const shot = path.join(folder, `${slug}-${index}.png`);
    // A page that hangs must not hang the report: each step has a short time limit.
    const text = await Promise.race([
      page.evaluate(() => document.body?.innerText ?? ''),
      new Promise<string>((_, reject) => setTimeout(() => reject(new Error('timed out')), 5_000)),
    ])
      .then((t) => t.replace(/\s+/g, ' ').slice(0, 800))
      .catch((error: Error) => `(no text: ${error.message})`);
    await page.screenshot({ path: shot, timeout: 5_000 }).catch(() => undefined);
    const events = await pageEvents(page);
    const logged = pageConsole(page);
    process.stderr.write(
      `# failed test "${testName}", page ${index + 1}/${pages.length}: ${page.url()}\n` +
        `#   shows: ${text}\n#   screenshot: ${shot}\n` +
        (events.length ? `#   last events:\n#     ${events.join('\n#     ')}\n` : '') +
        (logged.length ? `#   console:\n#     ${logged.join('\n#     ')}\n` : ''),
    );
  }
}
