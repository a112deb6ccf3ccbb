// `npm run docs:env -w server`: writes the environment variables table of docs/operations.md
// from server/src/config.ts (environmentVariables), between its two marker comments.
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { environmentTable, paths } from '../src/config';

const START = '<!-- environment:start (npm run docs:env -w server) -->';
const END = '<!-- environment:end -->';
const file = `${paths.repoRoot}/docs/operations.md`;

const text = readFileSync(file, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`${file} lacks the markers ${START} ... ${END}`);
const updated = `${text.slice(0, from + START.length)}\n\n${environmentTable()}\n\n${text.slice(to)}`;
// Written as `prettier --check .` wants it (the test compares the cells without their padding).
writeFileSync(file, await format(updated, { ...(await resolveConfig(file)), filepath: file }));
console.log(`environment table written into ${file}`);
