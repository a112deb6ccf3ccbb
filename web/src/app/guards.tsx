import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Navigate } from './navigate';
import { storageKeys } from '@store/contract/constants';
import { useMe } from '../api/get-me';
import { clearPendingRedirect, peekPendingRedirect, useIsLoggedIn } from '../lib/session';
import { storage } from '../lib/storage';
import { mustCompleteProfile } from '../lib/profile-completion';

/** Login, register, recovery and reset are for visitors: a member goes to /. */
export function LoggedOutOnly({ children }: { children: ReactNode }) {
  return useIsLoggedIn() ? <Navigate to="/" replace /> : <>{children}</>;
}

/**
 * A member on /login or /register goes to where the sign-in said (the wanted page,
 * /complete-info for an incomplete profile) or to /.
 */
export function AfterSignIn() {
  const target = peekPendingRedirect() ?? '/';
  useEffect(() => clearPendingRedirect(), []);
  return <Navigate to={target} replace />;
}

/** /complete-info only when logged in, else /. */
export function LoggedInOnly({ children }: { children: ReactNode }) {
  return useIsLoggedIn() ? <>{children}</> : <Navigate to="/" replace />;
}

/** Member pages: an anonymous visitor goes to /login, remembering the wanted target. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  return useIsLoggedIn() ? (
    <>{children}</>
  ) : (
    <Navigate to="/login" replace state={{ from: location.pathname }} />
  );
}

/** Wraps the main area: sends an incomplete profile to /complete-info once the member is known. */
export function CompleteProfileFirst({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const me = useMe({ enabled: loggedIn });
  const skipped = storage.get(storageKeys.skipUpdate) === 'true';
  if (loggedIn && mustCompleteProfile(me.data, skipped, location.pathname))
    return (
      <Navigate
        to="/complete-info"
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  return <>{children}</>;
}
