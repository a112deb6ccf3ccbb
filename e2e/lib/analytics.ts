import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One hit the stand-in tag sent: the event and the measurement id it was sent for. */
export type AnalyticsHit = { id: string; name: string; params: Record<string, unknown> };

export type AnalyticsStandIn = {
  /** The tag's URL, for the server's ANALYTICS_SCRIPT_URL. */
  scriptUrl: string;
  origin: string;
  /** Every request the stand-in received, in order ('/gtag/js', '/g/collect'). */
  requests: () => string[];
  hits: () => AnalyticsHit[];
  close: () => Promise<void>;
};

/**
 * Stands in for Google Analytics' host, locally: `/gtag/js` is a tag that reads the page's
 * dataLayer as gtag.js does (`config` sets the `_ga` and `_ga_<id>` cookies and sends a page
 * view, `event` sends the event, nothing once `ga-disable-<id>` is set), and `/g/collect`
 * records the hits it sends. So a test sees every request the page makes to the analytics host.
 */
export async function startAnalyticsStandIn(): Promise<AnalyticsStandIn> {
  const requests: string[] = [];
  const hits: AnalyticsHit[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    requests.push(path);
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (path === '/gtag/js') {
        res.setHeader('content-type', 'text/javascript');
        res.end(TAG);
        return;
      }
      if (path === '/g/collect') {
        try {
          hits.push(JSON.parse(body) as AnalyticsHit);
        } catch {
          /* not a hit */
        }
        res.statusCode = 204;
        res.end();
        return;
      }
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    scriptUrl: `${origin}/gtag/js`,
    origin,
    requests: () => [...requests],
    hits: () => [...hits],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TAG = `(() => {
  const src = new URL(document.currentScript.src);
  const id = src.searchParams.get('id');
  const send = (name, params) => {
    if (window['ga-disable-' + id]) return;
    fetch(src.origin + '/g/collect', {
      method: 'POST',
      mode: 'no-cors',
      keepalive: true,
      body: JSON.stringify({ id, name, params: params || {} }),
    }).catch(() => {});
  };
  const handle = (args) => {
    const [command, name, params] = Array.from(args);
    if (command === 'config') {
      const twoYears = 'max-age=63072000; path=/';
      if (!document.cookie.includes('_ga=')) document.cookie = '_ga=GA1.1.' + Date.now() + '; ' + twoYears;
      document.cookie = '_ga_' + id.slice(2) + '=GS1.1.' + Date.now() + '; ' + twoYears;
      send('page_view', { page_path: location.pathname });
    } else if (command === 'event') send(name, params);
  };
  const layer = (window.dataLayer = window.dataLayer || []);
  layer.forEach(handle);
  const push = layer.push.bind(layer);
  layer.push = (...items) => {
    items.forEach(handle);
    return push(...items);
  };
})();
`;
