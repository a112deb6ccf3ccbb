import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { environmentTable, environmentVariables, paths } from '../src/config';

/**
 * docs/operations.md's variables table cannot drift from the code: every variable the server's
 * code reads is in config.ts's list, every listed one is read, and the doc holds the table the
 * list renders (`npm run docs:env -w server` rewrites it).
 */
const START = '<!-- environment:start (npm run docs:env -w server) -->';
const END = '<!-- environment:end -->';
/** Read by code, not a setting: npm sets it for the tenant CLI's relative file names. */
const notSettings = new Set(['INIT_CWD']);
/** Settings read by the libraries or the scripts rather than server/src. */
const readElsewhere = new Set(['NODE_ENV']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
}

function variablesReadByCode(): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]+)/g,
    /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
    /FromEnv\(\s*'([A-Z][A-Z0-9_]+)'/g,
  ];
  for (const file of sources(path.join(paths.repoRoot, 'server', 'src')))
    for (const pattern of patterns)
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) found.add(match[1]);
  for (const name of notSettings) found.delete(name);
  return found;
}

test('every variable the server reads is documented, and every documented one is read', () => {
  const listed = new Set(environmentVariables.map((v) => v.name));
  const read = variablesReadByCode();
  assert.deepEqual([...read].filter((name) => !listed.has(name)).sort(), [], 'read, not listed');
  assert.deepEqual(
    [...listed].filter((name) => !read.has(name) && !readElsewhere.has(name)).sort(),
    [],
    'listed, never read',
  );
  assert.equal(listed.size, environmentVariables.length, 'a variable listed twice');
});

test('docs/operations.md holds the table config.ts renders', () => {
  const doc = readFileSync(path.join(paths.repoRoot, 'docs', 'operations.md'), 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  assert.ok(from >= 0 && to > from, 'the markers of the table are missing');
  // Prettier pads the table's cells; the words are what must match.
  const bare = (text: string) =>
    text
      .trim()
      .replace(/ *\| */g, '|')
      .replace(/-{3,}/g, '---');
  assert.equal(
    bare(doc.slice(from + START.length, to)),
    bare(environmentTable()),
    'docs/operations.md is stale: run `npm run docs:env -w server`',
  );
});
