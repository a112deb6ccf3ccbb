import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * The repository's folder. This file sits one folder below server/, as the built server's
 * dist/main.js does, so the same '../..' holds for both: keep it here, not in a subfolder.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
