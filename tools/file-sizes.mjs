#!/usr/bin/env node
// Fails when a code file under server/src/modules, web/src/features or web/src/components passes
// 450 lines (issue 38). A file that long holds several jobs, and review, blame and merges suffer
// for it: the fix is to split it by responsibility (a routes file per resource group, a service
// per rule set, a component per section of a screen, hooks in their own files), not to squeeze it.
// Usage: node tools/file-sizes.mjs [dir ...]   (prints each file over; exit 1 when there is one)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';

const limit = 450;
const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dirs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['server/src/modules', 'web/src/features', 'web/src/components'];
const exts = ['.ts', '.tsx'];
// Files still over the limit and not split yet (issue 38): named here so the check passes
// meanwhile, printed as a reminder on every run. Remove a line when its file is split; nothing
// new joins this list.
const pending = new Set([]);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (exts.some((e) => name.endsWith(e))) out.push(path);
  }
  return out;
}

const files = dirs.flatMap((d) => walk(resolve(root, d), []));
const over = [];
const waiting = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  // Counted as `wc -l` counts: newlines, so a file ending without one loses nothing.
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const name = relative(root, file);
  if (lines > limit) (pending.has(name) ? waiting : over).push([name, lines]);
}
for (const [file, lines] of waiting)
  console.log(`${file}: ${lines} lines (limit ${limit}): still to split, listed as pending`);
over.sort((a, b) => b[1] - a[1]);
for (const [file, lines] of over)
  console.log(`${file}: ${lines} lines (limit ${limit}): split it by responsibility`);
if (over.length) {
  console.log(`${over.length} file(s) over ${limit} lines in ${files.length} files`);
  process.exit(1);
}
console.log(`no file over ${limit} lines in ${files.length} files`);
