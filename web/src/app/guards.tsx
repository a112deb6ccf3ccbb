import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsLoggedIn } from '../lib/session';

/** Login, register, recovery and reset are for visitors: a member goes to /. */
export function LoggedOutOnly({ children }: { children: ReactNode }) {
  return useIsLoggedIn() ? <Navigate to="/" replace /> : <>{children}</>;
}

/** /complete-info only when logged in, else /. */
export function LoggedInOnly({ children }: { children: ReactNode }) {
  return useIsLoggedIn() ? <>{children}</> : <Navigate to="/" replace />;
}

/** Member pages: an anonymous visitor goes to /login, remembering the wanted target. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  return useIsLoggedIn() ? <>{children}</> : <Navigate to="/login" replace state={{ from: location.pathname }} />;
}
