import { createContext, useContext } from 'react';

/**
 * The host name the page was asked for. In the browser it is the page's own; the server's render
 * (entry-server.tsx) provides the request's, since there is no window there.
 */
export const RequestHostContext = createContext<string | null>(null);

export function useHostname(): string {
  return useContext(RequestHostContext) ?? window.location.hostname;
}
