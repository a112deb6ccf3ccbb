// The load of `bench:orders` in a process of its own, so the bench's process measures the
// server's CPU alone: CONNECTIONS clients each placing orders one after another for DURATION
// seconds. Reads its settings as JSON on stdin, prints the latencies (ms), the failures and this
// process's own CPU per order as JSON.
//
// node:http over kept-alive sockets, not fetch: on the bench's 2 cores the client shares the CPU
// with the server and PostgreSQL, and fetch (undici) spent about 1.2 ms of CPU per order, more
// than a third of what the server spent; node:http spends about a quarter of that
// (bench/RESULTS.md, 2026-12-01), so the figures measure the server rather than its client.
import http from 'node:http';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, headers, tokens, body, duration, connections } = JSON.parse(input);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const payload = Buffer.from(JSON.stringify(body));
const latencies = [];
let failures = 0;

/** One order: resolves with the answer's status once its body has been read. */
const post = (token) =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          ...headers,
          // What fetch asked before (the answer compressed the same way, so figures compare).
          'accept-encoding': 'gzip, deflate',
          authorization: `Token ${token}`,
          'content-length': payload.length,
        },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

const cpuAtStart = process.cpuUsage();
const end = Date.now() + duration * 1000;
await Promise.all(
  Array.from({ length: connections }, async (_, c) => {
    while (Date.now() < end) {
      const started = performance.now();
      const status = await post(tokens[c % tokens.length]);
      latencies.push(performance.now() - started);
      if (status !== 201) failures++;
    }
  }),
);
const cpu = process.cpuUsage(cpuAtStart);
agent.destroy();
process.stdout.write(
  JSON.stringify({
    latencies,
    failures,
    clientCpuMsPerOrder: (cpu.user + cpu.system) / 1000 / latencies.length,
  }),
);
