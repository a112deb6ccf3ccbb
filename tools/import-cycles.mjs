#!/usr/bin/env node
// Fails when the relative imports under server/src, web/src or contract/src form a circle (issue 38).
// A circle makes module load order matter (a value read before its module ran is `undefined`) and
// ties areas together that should not know each other; type-only imports count too, so an area's
// types live below it rather than in a module that imports it back.
// Usage: node tools/import-cycles.mjs [dir ...]   (prints each circle; exit 1 when there is one)
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dirs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['server/src', 'web/src', 'contract/src'];
const exts = ['.ts', '.tsx'];

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (exts.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [
    base,
    ...exts.map((e) => base + e),
    ...exts.map((e) => join(base, 'index' + e)),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const files = dirs.flatMap((d) => walk(resolve(root, d), []));
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolveImport(file, fileName);
    if (target && target !== file) targets.add(target);
  }
  graph.set(file, [...targets]);
}

// Tarjan's strongly connected components: each component of more than one file holds a circle.
let index = 0;
const stack = [];
const info = new Map();
const components = [];
function connect(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!info.has(w)) {
      connect(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) {
      info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  }
}
for (const v of graph.keys()) if (!info.has(v)) connect(v);

// One shortest circle per component, so the message names the imports to change.
function shortestCycle(component) {
  const members = new Set(component);
  let best;
  for (const start of component) {
    const prev = new Map([[start, null]]);
    const queue = [start];
    let found;
    while (queue.length && !found) {
      const v = queue.shift();
      for (const w of graph.get(v)) {
        if (!members.has(w)) continue;
        if (w === start) {
          found = v;
          break;
        }
        if (!prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    if (!found) continue;
    const path = [];
    for (let v = found; v !== null; v = prev.get(v)) path.unshift(v);
    if (!best || path.length < best.length) best = path;
  }
  return best;
}

const rel = (f) => relative(root, f);
for (const component of components) {
  const cycle = shortestCycle(component);
  console.log(
    `import circle (${component.length} files): ${[...cycle, cycle[0]].map(rel).join(' -> ')}`,
  );
  if (component.length > cycle.length)
    console.log(
      `  also in it: ${component
        .filter((f) => !cycle.includes(f))
        .map(rel)
        .join(', ')}`,
    );
}
if (components.length) {
  console.log(`${components.length} import circle(s) in ${files.length} files`);
  process.exit(1);
}
console.log(`no import circle in ${files.length} files`);
