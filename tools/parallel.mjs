#!/usr/bin/env node
// Runs shell commands side by side, at most PARALLEL_JOBS (default: the machine's cores) at a
// time, and fails when any fails. Each command's output is printed whole when it ends, under
// its name and time, so the log of a CI run reads as if they had run one after the other and
// shows where the time goes. Usage: node tools/parallel.mjs "tsc -p server" "tsc -p web" ...
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const commands = process.argv.slice(2);
const jobs = Math.max(1, Number(process.env.PARALLEL_JOBS) || availableParallelism());
const started = Date.now();
let next = 0;
let failed = 0;

function run(command) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - begun) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n# ${command}: ${verdict} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) failed++;
      resolve();
    });
  });
}

async function lane() {
  while (next < commands.length) await run(commands[next++]);
}

await Promise.all(Array.from({ length: Math.min(jobs, commands.length) }, lane));
const total = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `\n# ${commands.length - failed}/${commands.length} passed in ${total} s (${jobs} at a time)`,
);
process.exit(failed ? 1 : 0);
