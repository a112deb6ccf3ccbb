import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DEFAULT_LANGUAGE, LANGUAGES, type App, type Language } from '@store/contract';
import { scriptSafeJson } from '../../plugins/app-bootstrap';
import type { TenantChanges } from '../../plugins/public-cache';
import { chunkLinks } from './chunk-links';
import { cookieOf } from './first-pages';
import { escapeText, pageHead } from './seo';

/** What web/src/entry-server.tsx exports (its build: web/dist-server/entry-server.js). */
type ServerRender =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; body: Readable; state: unknown; themeCss: string; chunks: string[] };
type Renderer = {
  renderPage(input: {
    url: string;
    host: string;
    app: App;
    language: Language;
    transport: typeof fetch;
    nonce: string;
  }): Promise<ServerRender>;
  /** The head's links for the client chunks a render drew (chunk-links.ts). */
  chunkLinks: (chunks: readonly string[]) => string;
};

/** A page as cached: its HTML with `NONCE` where each answer's own nonce goes. */
export type RenderedPage = { kind: 'page'; html: string } | { kind: 'redirect'; to: string };
/** A cached page with the tenant it belongs to (forgotten when the tenant's answers change). */
type Kept = { app: string; page: RenderedPage };

/** Where each answer's nonce goes in a cached page: random per process, so no content holds it. */
const NONCE = `n${randomBytes(12).toString('hex')}`;

/** The server render's build beside the web app's (`npm run build -w web` makes both). */
export async function loadRenderer(webDist: string): Promise<Renderer | null> {
  const entry = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as Pick<Renderer, 'renderPage'>;
  return { renderPage: module.renderPage, chunkLinks: chunkLinks(webDist) };
}

/** The visitor's language: the `lang` cookie the web app keeps beside its own choice. */
export function languageOf(cookie: string | undefined): Language {
  const value = cookieOf(cookie, 'lang');
  return (LANGUAGES as readonly string[]).includes(value ?? '')
    ? (value as Language)
    : DEFAULT_LANGUAGE;
}

/**
 * The API as the page's render calls it: a request into this same process, for the host's
 * tenant and without any session (a rendered page is the anonymous one), through the same routes
 * and public micro-cache as the browser's calls.
 */
export function transportFor(app: FastifyInstance, host: string, apiKey: string): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>))
      if (name.toLowerCase() !== 'authorization') headers[name] = value;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: { ...headers, host, 'api-key': apiKey },
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || !answer.body;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * Renders the first pages with React in this process (web/src/entry-server.tsx) and keeps
 * anonymous pages for `cacheSeconds` per host, path (and `?product=`) and language, so a burst of
 * visitors costs one render: later requests wait for the render under way. The first answer
 * streams as React renders. A staff or back-office write of the tenant (hiding a product, a new
 * price) forgets its pages at once, as the public micro-cache forgets its answers, and a render
 * that began before such a write is not kept.
 */
export function createPageRenderer(options: {
  app: FastifyInstance;
  renderer: Renderer;
  cacheSeconds: number;
  changes: TenantChanges;
  maxEntries?: number;
}) {
  const { renderer, changes } = options;
  const cache =
    options.cacheSeconds > 0
      ? new LRUCache<string, Kept>({
          max: options.maxEntries ?? 500,
          ttl: options.cacheSeconds * 1000,
        })
      : null;
  const underway = new Map<string, { app: string; done: Promise<RenderedPage> }>();
  changes.onChange((appUid) => {
    if (cache)
      for (const [key, kept] of cache.entries()) if (kept.app === appUid) cache.delete(key);
    // Those already waiting get the render they waited for; later visitors start a fresh one.
    for (const [key, render] of underway) if (render.app === appUid) underway.delete(key);
  });

  /**
   * The answer for a page: a redirect, or the page's HTML as a stream (with `nonce` in place)
   * and whether it came from the cache. `shell` is the page shell with the tenant's bootstrap.
   */
  return async function render(input: {
    app: App;
    host: string;
    pathname: string;
    productUid: string | null;
    language: Language;
    origin: string;
    /** The page shell for this host, built with `nonceToken` as its nonce. */
    shell: (nonceToken: string) => Promise<string>;
    nonce: string;
  }): Promise<
    | { kind: 'redirect'; to: string; cache: 'hit' | 'miss' }
    | { kind: 'page'; body: Readable; cache: 'hit' | 'miss' }
  > {
    const url =
      input.pathname + (input.productUid ? `?product=${encodeURIComponent(input.productUid)}` : '');
    const key = `${input.host}\n${url}\n${input.language}`;
    const withNonce = (html: string) => html.replaceAll(NONCE, input.nonce);
    const known = cache?.get(key)?.page ?? (await underway.get(key)?.done);
    if (known) {
      return known.kind === 'redirect'
        ? { kind: 'redirect', to: known.to, cache: 'hit' }
        : { kind: 'page', body: Readable.from([withNonce(known.html)]), cache: 'hit' };
    }

    let settle!: (page: RenderedPage) => void;
    let fail!: (error: unknown) => void;
    const done = new Promise<RenderedPage>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    done.catch(() => undefined);
    const appUid = input.app.uid;
    const mine = { app: appUid, done };
    underway.set(key, mine);
    const started = changes.generation();
    let finished = false;
    const finish = (page: RenderedPage | null, error?: unknown) => {
      if (finished) return;
      finished = true;
      if (underway.get(key) === mine) underway.delete(key);
      if (page) {
        if (!changes.changedSince(appUid, started)) cache?.set(key, { app: appUid, page });
        settle(page);
      } else fail(error);
    };

    let result: ServerRender;
    try {
      result = await renderer.renderPage({
        url,
        host: input.host,
        app: input.app,
        language: input.language,
        transport: transportFor(options.app, input.host, input.app.api_key),
        nonce: NONCE,
      });
    } catch (error) {
      finish(null, error);
      throw error;
    }
    if (result.kind === 'redirect') {
      finish({ kind: 'redirect', to: result.to });
      return { kind: 'redirect', to: result.to, cache: 'miss' };
    }
    const head = pageHead({
      app: input.app,
      origin: input.origin,
      pathname: input.pathname,
      productUid: input.productUid,
      state: result.state,
    });
    const [before, after] = splitShell(await input.shell(NONCE));
    const opening =
      before
        .replace(/<html lang="[^"]*"/, `<html lang="${input.language}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(head.title)}</title>${head.tags}`)
        .replace(
          '</head>',
          renderer.chunkLinks(result.chunks) +
            `<style nonce="${NONCE}">${result.themeCss}</style>` +
            `<script id="ssr-state" type="application/json">${scriptSafeJson(result.state)}</script></head>`,
        ) + `<div id="root" data-ssr="${input.language}">`;
    const closing = `</div>${after}`;
    const parts: string[] = [];
    const body = result.body;
    async function* page() {
      parts.push(opening);
      yield withNonce(opening);
      for await (const chunk of body) {
        const html = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
        parts.push(html);
        yield withNonce(html);
      }
      parts.push(closing);
      yield withNonce(closing);
      finish({ kind: 'page', html: parts.join('') });
    }
    const stream = Readable.from(page());
    stream.on('error', (error) => finish(null, error));
    // A visitor who leaves mid-page leaves it unfinished: those waiting for it render their own.
    stream.on('close', () => finish(null, new Error('page render abandoned')));
    return { kind: 'page', body: stream, cache: 'miss' };
  };
}

/** The shell around its root element's placeholder (the spinner React replaces). */
function splitShell(html: string): [string, string] {
  const start = html.indexOf('<div id="root">');
  const bodyEnd = html.indexOf('</body>');
  const end = html.lastIndexOf('</div>', bodyEnd);
  if (start < 0 || bodyEnd < 0 || end < start) throw new Error('index.html has no root element');
  return [html.slice(0, start), html.slice(end + '</div>'.length)];
}
