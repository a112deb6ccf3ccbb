// Runs several test files in one process, one after the other (scripts/run-tests.mjs gives each
// process its share of the suite). Each file is imported inside a suite named after it, so its
// top-level before/after hooks start and stop its app around its own tests only, as when it has a
// process of its own; what the files share is the process's loaded modules. Loading the server's
// ~1,600 modules costs a process about 5 CPU-seconds on CI's machine: paid once per share here,
// instead of once per file (118 files).
//
// A file that must have a process of its own (it inspects what the process loaded) says so with
// the line `// test-process: own` and runs alone (scripts/run-tests.mjs).
import { describe } from 'node:test';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

for (const file of process.argv.slice(2)) {
  describe(file, async () => {
    await import(pathToFileURL(path.resolve(file)).href);
  });
}
