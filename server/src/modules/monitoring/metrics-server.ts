import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsText } from './metrics-route';

/**
 * METRICS_PORT: GET /metrics on a port of its own (METRICS_HOST, loopback by default), for a
 * Prometheus on the monitoring network; nothing else is served there.
 */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  metricsText: MetricsText;
  onError: (err: unknown) => void;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    options.metricsText().then(
      ({ contentType, text }) =>
        response
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(text),
      (err) => {
        options.onError(err);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
