// The load of `bench:orders` in a process of its own, so the bench's process measures the
// server's CPU alone: CONNECTIONS clients each placing orders one after another for DURATION
// seconds. Reads its settings as JSON on stdin, prints the latencies (ms) and failures as JSON.
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, headers, tokens, body, duration, connections } = JSON.parse(input);
const latencies = [];
let failures = 0;
const end = Date.now() + duration * 1000;
await Promise.all(
  Array.from({ length: connections }, async (_, c) => {
    while (Date.now() < end) {
      const started = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...headers, authorization: `Token ${tokens[c % tokens.length]}` },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status !== 201) failures++;
    }
  }),
);
process.stdout.write(JSON.stringify({ latencies, failures }));
