import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint: every function of the file is compiled as the file is streamed. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the first page's file (the entry chunk, which holds only what the first page runs) for
 * eager compilation. Chromium (136 on) then compiles its functions on a background thread while
 * the file downloads, instead of on the main thread at each function's first call, which on a
 * slow phone is part of the first render's long task (bench/RESULTS.md, 2026-12-02 15:00).
 * Other browsers read a comment. Lazy chunks stay lazily compiled: most of their functions are
 * never called on a given visit. The comment must be the file's first line, and Vite writes its
 * preload map above the code late in the build, so it goes into the written file (before
 * precompress reads it).
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        const written = path.join(options.dir ?? '', file.fileName);
        await writeFile(written, `${EAGER_COMPILE_HINT}\n${await readFile(written, 'utf8')}`);
      }
    },
  };
}
