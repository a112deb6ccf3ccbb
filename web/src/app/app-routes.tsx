import { Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { Navigate } from './navigate';
import { storageKeys } from '@store/contract/constants';
import { useTenant } from '../lib/tenant';
import { useIsLoggedIn } from '../lib/session';
import { storage } from '../lib/storage';
import { useHostname } from '../lib/request-host';
import { Loading } from '../components/loading';
import { PageMessage } from '../components/page-message';
import { ErrorBoundary } from '../components/error-boundary';
import {
  AfterSignIn,
  CompleteProfileFirst,
  LoggedInOnly,
  LoggedOutOnly,
  RequireLogin,
} from './guards';
import { MainRoutes } from './main-routes';
import { MainLayout } from '../features/shell';
import {
  AdminArea,
  CartaPage,
  CompleteInfoPage,
  CookiesPage,
  CreateStorePage,
  DeleteAccountPage,
  FaqsPage,
  LandingPage,
  LoginPage,
  PoliticsPage,
  RecoveryPasswordPage,
  RegisterPage,
  ResetPasswordPage,
  TermsPage,
  VerificationEmailPage,
} from './lazy-pages';

/** Whether this host is the partner's (its name appears in the host). */
function usePartnerPrefix(): { prefix: string | null; onPartnerHost: boolean } {
  const app = useTenant();
  const hostname = useHostname();
  const prefix = app.features.partner_deletion_prefix?.trim().replace(/^\/+|\/+$/g, '') || null;
  return { prefix, onPartnerHost: Boolean(prefix && hostname.includes(prefix)) };
}

function deletePath(prefix: string | null, params: Record<string, string | undefined>): string {
  return `${prefix ? `/${prefix}` : ''}/me/delete/${params.uidApp}/${params.uidUser}/${params.token}`;
}

function PartnerDeleteRoute() {
  const params = useParams();
  const { onPartnerHost } = usePartnerPrefix();
  return onPartnerHost ? <DeleteAccountPage /> : <Navigate to={deletePath(null, params)} replace />;
}

function DeleteRoute() {
  const params = useParams();
  const { prefix, onPartnerHost } = usePartnerPrefix();
  return onPartnerHost ? (
    <Navigate to={deletePath(prefix, params)} replace />
  ) : (
    <DeleteAccountPage />
  );
}

/**
 * Once per page load (the flag is reset at start-up), an app with a landing page sends a first
 * visit of / or /landing to /landing. Decided during render so no other redirect runs first.
 * Not on a marketplace (issue 36 row 10): its landing recruits merchants, while its / is the
 * shoppers' directory of stores, which links to the landing ("Vende aquí").
 */
function useLandingRedirect(): boolean {
  const app = useTenant();
  const location = useLocation();
  const [firstVisit] = useState(
    () =>
      app.landing_page &&
      !app.marketplace &&
      !storage.get(storageKeys.redirectLanding) &&
      ['/', '/landing'].includes(location.pathname.replace(/(.)\/$/, '$1')),
  );
  useEffect(() => {
    if (firstVisit) storage.set(storageKeys.redirectLanding, 'true');
  }, [firstVisit]);
  // Only a visit of / has somewhere to go. A visit of /landing changes no state here: the landing
  // the server drew is hydrated while its chunk may still be on its way, and an update of these
  // routes in that window made React drop the server's page for the loading screen.
  const [pending, setPending] = useState(() => firstVisit && location.pathname === '/');
  // Stays pending until the navigation really left '/', so no other redirect of / can win.
  useEffect(() => {
    if (pending && location.pathname !== '/') setPending(false);
  }, [pending, location.pathname]);
  return pending && location.pathname === '/';
}

/** Placeholder of an app configured as an empty page. */
function EmptyPage() {
  const app = useTenant();
  return (
    <main>
      <PageMessage fullScreen title={app.name} image={app.logo} imageAlt={app.name} />
    </main>
  );
}

/** The root route table, in the order of the spec, with its guards. */
export function AppRoutes() {
  const app = useTenant();
  const loggedIn = useIsLoggedIn();
  const { prefix } = usePartnerPrefix();
  const redirectToLanding = useLandingRedirect();
  const { pathname } = useLocation();
  if (redirectToLanding) return <Navigate to="/landing" replace />;

  const legalAtRoot = !loggedIn && !app.allow_anonymous_navigation;
  const authOpen = !app.empty_page && !loggedIn;

  return (
    <ErrorBoundary fullScreen resetKey={pathname}>
      <Suspense fallback={<Loading fullScreen />}>
        <Routes>
          <Route path="/cookies" element={<CookiesPage />} />
          {loggedIn ? (
            // A member reads the menu inside the shell: header, side menu (sign-out) and footer.
            <Route path="/carta" element={<MainLayout />}>
              <Route index element={<CartaPage />} />
            </Route>
          ) : (
            <Route
              path="/carta"
              element={
                // A private store's menu is for members: the API answers its visitors 401.
                app.allow_anonymous_navigation ? (
                  <main className="standalone-page standalone-page--wide">
                    <CartaPage />
                  </main>
                ) : (
                  <Navigate to="/login" replace />
                )
              }
            />
          )}
          <Route
            path="/recovery-password"
            element={
              <LoggedOutOnly>
                <RecoveryPasswordPage />
              </LoggedOutOnly>
            }
          />
          <Route
            path="/reset-password/:uidUser/:token"
            element={
              <LoggedOutOnly>
                <ResetPasswordPage />
              </LoggedOutOnly>
            }
          />
          <Route path="/reset-password/*" element={<Navigate to="/" replace />} />
          <Route
            path="/verification-email/:uidApp/:uidUser/:token"
            element={<VerificationEmailPage />}
          />
          {prefix ? (
            <Route
              path={`/${prefix}/me/delete/:uidApp/:uidUser/:token`}
              element={<PartnerDeleteRoute />}
            />
          ) : null}
          <Route path="/me/delete/:uidApp/:uidUser/:token" element={<DeleteRoute />} />
          <Route path="/me/delete/*" element={<Navigate to="/" replace />} />
          {legalAtRoot ? (
            <>
              <Route
                path="/politics"
                element={
                  <main className="standalone-page">
                    <PoliticsPage />
                  </main>
                }
              />
              <Route
                path="/terms-and-conditions"
                element={
                  <main className="standalone-page">
                    <TermsPage />
                  </main>
                }
              />
              <Route
                path="/faqs"
                element={
                  <main className="standalone-page">
                    <FaqsPage />
                  </main>
                }
              />
            </>
          ) : null}
          <Route
            path="/register"
            element={
              !authOpen ? (
                <AfterSignIn />
              ) : app.allow_signup ? (
                <RegisterPage />
              ) : (
                <Navigate to="/login" replace />
              )
            }
          />
          <Route path="/login" element={authOpen ? <LoginPage /> : <AfterSignIn />} />
          <Route
            path="/complete-info"
            element={
              <LoggedInOnly>
                <CompleteInfoPage />
              </LoggedInOnly>
            }
          />
          {/* The back office has its own layout, outside the store's shell. */}
          <Route
            path="/admin/*"
            element={
              <RequireLogin>
                <AdminArea />
              </RequireLogin>
            }
          />
          <Route
            path="/landing"
            element={app.landing_page ? <LandingPage /> : <Navigate to="/" replace />}
          />
          {/* A merchant creates a store on a marketplace app (outside the store's shell). */}
          <Route path="/crear-tienda" element={<CreateStorePage />} />
          <Route
            path="/*"
            element={
              app.empty_page ? (
                <EmptyPage />
              ) : app.allow_anonymous_navigation || loggedIn ? (
                <CompleteProfileFirst>
                  <MainRoutes />
                </CompleteProfileFirst>
              ) : (
                <Navigate to="/login" replace />
              )
            }
          />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
