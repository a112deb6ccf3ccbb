import type { Download } from 'playwright-core';

/**
 * What a download holds, as text. Read through the browser's stream rather than its file: the
 * suite's browser runs in its own process (lib/browser-server.ts), whose files a test cannot open.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
