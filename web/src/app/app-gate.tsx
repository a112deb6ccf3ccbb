import { useEffect } from 'react';
import { TenantProvider } from '../lib/tenant';
import { Loading } from '../components/loading';
import { NotFound } from '../components/not-found';
import { useAppByDomain } from '../features/tenancy';
import { MaintenancePage } from '../features/maintenance';
// Not lazy: on a first visit the banner's text is the largest paint (LCP), so it comes with the page.
import { CookieConsentBanner } from '../features/cookies';
import { syncAnalytics } from '../lib/analytics';
import { applyTenantLook } from './theme';
import { AppRoutes } from './app-routes';

/**
 * Resolves the tenant from the host name: 'Cargando...' meanwhile, the not-found page for an
 * unknown host, the maintenance screen when switched on, otherwise the routes with its look.
 */
export function AppGate() {
  const { data: app, isPending, isError } = useAppByDomain();

  useEffect(() => {
    if (!app) return;
    applyTenantLook(app);
    // After the cookie banner's own start-up (a child's effect runs first), which removes the
    // analytics cookies of a visitor who said no: the tag loads only with consent.
    if (!app.features.maintenance) syncAnalytics(app);
  }, [app]);

  if (isPending) return <Loading fullScreen />;
  if (isError || !app) {
    return (
      <main>
        <NotFound withHomeLink={false} fullScreen />
      </main>
    );
  }
  if (app.features.maintenance) return <MaintenancePage app={app} />;
  return (
    <TenantProvider app={app}>
      <AppRoutes />
      <CookieConsentBanner />
    </TenantProvider>
  );
}
