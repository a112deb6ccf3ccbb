/**
 * The server's render of a first page (server/src/modules/pages/): the same app tree the browser
 * hydrates, under a static router, with the request's tenant, language and data. Built by
 * `vite build --ssr` into web/dist-server/ and imported by the server in its own process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@store/contract/constants';
import type { App, Language } from '@store/contract';
import { setApiTransport } from './api/client';
import { tenancyKeys } from './api/query-keys/tenancy';
import { currentDomain } from './features/tenancy/api/get-app-by-domain';
import { AppTree } from './app/app';
import { ServerRedirectContext, type ServerRedirect } from './app/navigate';
import { createQueryClient } from './app/providers';
import { tenantThemeCss } from './app/theme';
import { RequestHostContext } from './lib/request-host';
import { setChunkRecorder } from './lib/rendered-chunks';
import { es } from './i18n/es';
import { en } from './i18n/en';
import { screensEs } from './i18n/screens-es';

export type ServerRenderInput = {
  /** Path and query of the page. */
  url: string;
  /** The request's host name (the tenant was found by it). */
  host: string;
  /** The tenant, as GET v7/apps/?domain= answers it (already in the page's bootstrap). */
  app: App;
  language: Language;
  /** Calls the API of the same process for this request's tenant (Fastify's inject). */
  transport: typeof fetch;
  /** The CSP nonce of React's streaming scripts (a placeholder the server fills per answer). */
  nonce: string;
};

export type ServerRender =
  | { kind: 'redirect'; to: string }
  | {
      kind: 'page';
      /** The HTML inside <div id="root">, streamed as React renders it. */
      body: Readable;
      /** TanStack Query's dehydrated cache: the browser starts from it, no second fetch. */
      state: unknown;
      /** `:root{...}` with the tenant's colours, for a nonce'd style element in the head. */
      themeCss: string;
      /** The client chunks the page drew (Vite's manifest keys): their stylesheets go in the head. */
      chunks: string[];
    };

// Every call the render makes goes through the transport of the request it belongs to.
const transports = new AsyncLocalStorage<typeof fetch>();
setApiTransport((input, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error('API call outside a server render'));
  return transport(input, init);
});

// The client chunks each render draws (lib/rendered-chunks.ts), for the server to link in the head.
const renderedChunks = new AsyncLocalStorage<Set<string>>();
setChunkRecorder((chunk) => renderedChunks.getStore()?.add(chunk));

// One i18next for the process with every first page's texts; a clone per language shares them.
void i18next.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', screensEs, true, false);
const perLanguage = new Map<Language, i18n>();
function i18nFor(language: Language): i18n {
  let instance = perLanguage.get(language);
  if (!instance) {
    instance = i18next.cloneInstance({ lng: language, initAsync: false });
    perLanguage.set(language, instance);
  }
  return instance;
}

/** Rendering passes that may find new data to fetch (place list, then its products, ...). */
const MAX_DATA_PASSES = 5;

function tree(input: ServerRenderInput, client: QueryClient, redirect: ServerRedirect) {
  return (
    <StrictMode>
      <RequestHostContext value={input.host}>
        <ServerRedirectContext value={redirect}>
          <I18nextProvider i18n={i18nFor(input.language)}>
            <AppTree
              client={client}
              router={(app) => <StaticRouter location={input.url}>{app}</StaticRouter>}
            />
          </I18nextProvider>
        </ServerRedirectContext>
      </RequestHostContext>
    </StrictMode>
  );
}

/**
 * The queries a render asked for that have no answer yet (and are not switched off): those no
 * one fetched, and those a component started itself (a `prefetchQuery` during render, as the
 * store's banners do). Left out, a fetch still running when the state was taken went missing
 * from the page whenever the machine was slow, and the browser asked for it again.
 */
function unanswered(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus !== 'paused' &&
        (query.options as { enabled?: unknown }).enabled !== false &&
        query.options.queryFn !== undefined,
    );
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    stream.pipe(
      new Writable({
        write: (_chunk, _encoding, done) => done(),
        final: (done) => {
          done();
          resolve();
        },
      }),
    );
    stream.on('error', reject);
  });
}

/**
 * Renders a page. Components ask for their data with `useQuery`, which only notes the query on
 * the server: each pass renders (waiting for lazy screens), fetches what it asked for, and
 * renders again until no new data is asked for; a redirect (`<Navigate>`) ends it early. The
 * last render is streamed with its Suspense boundaries.
 */
export async function renderPage(input: ServerRenderInput): Promise<ServerRender> {
  const chunks = new Set<string>();
  return transports.run(input.transport, () =>
    renderedChunks.run(chunks, () => render(input, chunks)),
  );
}

async function render(input: ServerRenderInput, chunks: Set<string>): Promise<ServerRender> {
  const client = createQueryClient();
  client.setQueryData(tenancyKeys.appByDomain(currentDomain(input.host)), input.app);
  for (let pass = 0; pass < MAX_DATA_PASSES; pass++) {
    const redirect: ServerRedirect = { to: null };
    // An error in a part of the page leaves that part to the browser (React renders it there).
    const { prelude } = await prerenderToNodeStream(tree(input, client, redirect), {
      onError: (error) => {
        if (process.env.SSR_DEBUG) console.error('SSR_DEBUG', error);
      },
    });
    await drain(prelude);
    if (redirect.to) return { kind: 'redirect', to: redirect.to };
    const queries = unanswered(client);
    if (queries.length === 0) break;
    // `fetch` joins a fetch already running. A failed call leaves its query in error: the page
    // renders what the browser would show.
    await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
  }
  const state = dehydrate(client);
  const body = await new Promise<Readable>((resolve, reject) => {
    const out = new PassThrough();
    const { pipe } = renderToPipeableStream(tree(input, client, { to: null }), {
      nonce: input.nonce,
      // Every boundary's content inline, in order: the page paints before any script runs (React
      // would otherwise send a large finished boundary apart, for a script to put in place).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellReady: () => resolve(pipe(out)),
      onShellError: reject,
      // As in the passes above: a part that fails is left to the browser.
      onError: () => undefined,
    });
  });
  return {
    kind: 'page',
    body,
    state,
    themeCss: tenantThemeCss(input.app),
    chunks: [...chunks],
  };
}
