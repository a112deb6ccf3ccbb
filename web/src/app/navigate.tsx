import { createContext, useContext } from 'react';
import { Navigate as RouterNavigate, useResolvedPath, type NavigateProps } from 'react-router';

/** Where the server's render of a page was sent; entry-server.tsx answers it with a redirect. */
export type ServerRedirect = { to: string | null };

export const ServerRedirectContext = createContext<ServerRedirect | null>(null);

/**
 * React Router's `<Navigate>`, which navigates in an effect: on the server, where effects never
 * run, the first redirect of the render is noted instead, and the server answers it as an HTTP
 * redirect (the browser then asks for the page it would have navigated to).
 */
export function Navigate(props: NavigateProps) {
  const redirect = useContext(ServerRedirectContext);
  const path = useResolvedPath(props.to, { relative: props.relative });
  if (redirect) {
    redirect.to ??= path.pathname + path.search + path.hash;
    return null;
  }
  return <RouterNavigate {...props} />;
}
