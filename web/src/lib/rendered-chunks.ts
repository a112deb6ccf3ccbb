import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * The client chunks a server render drew, named as Vite's manifest names their source module
 * (`src/features/landing/index.ts`). The server links their stylesheets and preloads their
 * scripts in the page's head (server/src/modules/pages/chunk-links.ts): without it, a landing
 * rendered on the server painted without its stylesheet until the browser had run the app and
 * fetched the landing's chunk, and moved when it came (Lighthouse's layout shift, a flash).
 */
let record: ((chunk: string) => void) | undefined;

/** The server's render (entry-server.tsx) collects each render's chunks through this. */
export function setChunkRecorder(recorder: (chunk: string) => void): void {
  record = recorder;
}

/**
 * `React.lazy` for a screen a first page may draw, telling the server's render which chunk it
 * is. `chunk` must be the module's path from web/ as the manifest keys it (a server test checks
 * every landing's stylesheet is linked).
 */
export function lazyChunk<T extends ComponentType<any>>(
  chunk: string,
  load: () => Promise<{ default: T }>,
): (props: ComponentProps<T>) => ReturnType<typeof createElement> {
  const Lazy = lazy(load);
  return function ChunkScreen(props: ComponentProps<T>) {
    record?.(chunk);
    return createElement(Lazy, props);
  };
}
