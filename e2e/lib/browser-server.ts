// Started by scripts/run-tests.mjs: one Chromium for every file of the run. Prints its address on
// the first line of stdout and keeps it open until its stdin closes (the runner's end, or its
// death), so no browser outlives the run. Without Chromium it prints nothing and ends.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './browser';

// No browser here: the runner goes on without one, and each file skips or fails as
// lib/browser.ts decides (E2E_REQUIRED).
if (!existsSync(chromiumPath)) process.exit(0);
const server = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs });
process.stdout.write(`${server.wsEndpoint()}\n`);
process.stdin.resume();
process.stdin.on('close', () => void server.close().then(() => process.exit(0)));
