import { useEffect, useState } from 'react';
import { Link, NavLink, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminArea as AdminAreaName, AdminMe } from '@store/contract/admin/schemas';
import type { App } from '@store/contract/tenancy/app';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { PageMessage } from '../../../components/page-message';
import { useTenant } from '../../../lib/tenant';
import { eventsAvailable } from '../../../lib/nav-rules';
import { useAdminMe } from '../api/get-admin-me';
import { CataloguePage } from '../catalogue/catalogue-page';
import { DashboardPage } from '../dashboard/dashboard-page';
import { SettingsPage } from '../settings/settings-page';
import { CouponsPage } from '../money/coupons-page';
import { PaymentsPage } from '../money/payments-page';
import { BrandingPage } from '../branding/branding-page';
import { CatalogueImportPage } from '../catalogue/import/import-page';
import { CatalogueBulkPage } from '../catalogue/bulk/bulk-page';
import { PlacesPage } from '../places/places-page';
import { ProductPage } from '../catalogue/product-page';
import { CategoriesPage } from '../catalogue/categories-page';
import { OrdersPage } from '../orders/orders-page';
import { OrderDetailPage } from '../orders/order-detail-page';
import { StaffPage } from '../staff/staff-page';
import { MembersPage } from '../members/members-page';
import { MemberPage } from '../members/member-page';
import { PromotionsPage } from '../promotions/promotions-page';
import { ProgramsPage } from '../programs/programs-page';
import { AdsPage } from '../ads/ads-page';
import { RafflesPage } from '../raffles/raffles-page';
import { EventsPage } from '../events/events-page';
import { PollsPage } from '../polls/polls-page';
import { LandingEditorPage } from '../landing/landing-page';
import { StoresPage } from '../stores/stores-page';
import './admin.css';

/**
 * The screens of the back office that exist, in the menu's order, with the area each needs and,
 * for a few, a store setting (`when`) without which the screen has nothing to do.
 */
const screens: {
  area: AdminAreaName;
  path: string;
  label: string;
  when?: (app: App) => boolean;
}[] = [
  { area: 'dashboard', path: '/admin', label: 'dashboard' },
  { area: 'orders', path: '/admin/orders', label: 'orders' },
  { area: 'catalogue', path: '/admin/catalogue', label: 'catalogue' },
  { area: 'catalogue', path: '/admin/categories', label: 'categories' },
  { area: 'places', path: '/admin/places', label: 'places' },
  { area: 'members', path: '/admin/members', label: 'members' },
  { area: 'loyalty', path: '/admin/programs', label: 'programs' },
  { area: 'promotions', path: '/admin/promotions', label: 'promotions' },
  { area: 'engagement', path: '/admin/raffles', label: 'raffles' },
  // Only where the store has events, by the rule its own /events route follows.
  { area: 'engagement', path: '/admin/events', label: 'events', when: eventsAvailable },
  { area: 'engagement', path: '/admin/polls', label: 'polls' },
  { area: 'marketing', path: '/admin/ads', label: 'ads' },
  { area: 'marketing', path: '/admin/landing', label: 'landing' },
  { area: 'staff', path: '/admin/staff', label: 'staff' },
  { area: 'money', path: '/admin/coupons', label: 'coupons' },
  { area: 'money', path: '/admin/payments', label: 'payments' },
  { area: 'branding', path: '/admin/branding', label: 'branding' },
  { area: 'marketplace', path: '/admin/stores', label: 'stores' },
  { area: 'settings', path: '/admin/settings', label: 'settings' },
];

/** Shown to a signed-in customer, cashier or validator (the server answered 403). */
function NoAccess() {
  const { t } = useTranslation();
  return (
    <main className="standalone-page">
      <PageMessage title={t('admin.noAccessTitle')} text={t('admin.noAccessText')}>
        <Link className="button button--primary" to="/" data-testid="admin-no-access">
          {t('common.backHome')}
        </Link>
      </PageMessage>
    </main>
  );
}

/** /admin/*: asks `GET v5/admin/me/` and opens the back office only to the store's OWNER or MANAGER. */
export function AdminArea() {
  const { t } = useTranslation();
  const me = useAdminMe();
  if (me.isPending) return <Loading fullScreen />;
  if (me.isError)
    return (
      <main className="standalone-page">
        <PageMessage title={t('admin.fetchError')}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void me.refetch()}
          >
            {t('admin.retry')}
          </button>
        </PageMessage>
      </main>
    );
  if (!me.data) return <NoAccess />;
  return <AdminShell me={me.data} />;
}

function AdminShell({ me }: { me: AdminMe }) {
  const { t } = useTranslation();
  const app = useTenant();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A chosen screen closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const visible = screens.filter((s) => me.areas.includes(s.area) && (s.when?.(app) ?? true));

  return (
    <div className="admin">
      <header className="admin__bar">
        <button
          type="button"
          className="admin__menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> {t('admin.menu')}
        </button>
        <div className="admin__who">
          <span className="admin__store">{app.name}</span>
          <span className="admin__role">
            {t('admin.title')} · {t(`admin.role_${me.role}`)}
          </span>
        </div>
        <Link className="admin__to-store" to="/">
          {t('admin.toStore')}
        </Link>
      </header>
      <div className="admin__body">
        <nav
          id="admin-nav"
          className={menuOpen ? 'admin__nav admin__nav--open' : 'admin__nav'}
          aria-label={t('admin.sections')}
        >
          <ul>
            {visible.map((s) => (
              <li key={s.path}>
                <NavLink end={s.path === '/admin'} to={s.path} className="admin__nav-link">
                  {t(`admin.nav.${s.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="admin__main">
          <Routes>
            <Route index element={<DashboardPage places={me.places} />} />
            {me.areas.includes('catalogue') ? (
              <Route path="catalogue" element={<CataloguePage />} />
            ) : null}
            {me.areas.includes('money') ? <Route path="coupons" element={<CouponsPage />} /> : null}
            {me.areas.includes('money') ? (
              <Route path="payments" element={<PaymentsPage />} />
            ) : null}
            <Route path="branding" element={<BrandingPage />} />
            <Route
              path="settings"
              element={me.areas.includes('settings') ? <SettingsPage /> : <NotFound />}
            />
            {me.areas.includes('catalogue') ? (
              <Route path="catalogue/import" element={<CatalogueImportPage />} />
            ) : null}
            {me.areas.includes('catalogue') ? (
              <Route path="catalogue/bulk" element={<CatalogueBulkPage />} />
            ) : null}
            {me.areas.includes('places') ? (
              <Route path="places/*" element={<PlacesPage />} />
            ) : null}
            {me.areas.includes('catalogue') ? (
              <Route path="catalogue/products/:uid" element={<ProductPage />} />
            ) : null}
            {me.areas.includes('catalogue') ? (
              <Route path="categories" element={<CategoriesPage />} />
            ) : null}
            {me.areas.includes('orders') ? (
              <Route path="orders" element={<OrdersPage places={me.places} />} />
            ) : null}
            {me.areas.includes('orders') ? (
              <Route path="orders/:uid" element={<OrderDetailPage />} />
            ) : null}
            {me.areas.includes('staff') ? (
              <Route path="staff" element={<StaffPage places={me.places} />} />
            ) : null}
            {me.areas.includes('members') ? (
              <Route path="members" element={<MembersPage />} />
            ) : null}
            {me.areas.includes('members') ? (
              <Route path="members/:uid" element={<MemberPage />} />
            ) : null}
            {me.areas.includes('promotions') ? (
              <Route path="promotions/*" element={<PromotionsPage places={me.places} />} />
            ) : null}
            {me.areas.includes('loyalty') ? (
              <Route path="programs/*" element={<ProgramsPage />} />
            ) : null}
            {me.areas.includes('marketing') ? <Route path="ads" element={<AdsPage />} /> : null}
            {me.areas.includes('engagement') ? (
              <Route path="raffles/*" element={<RafflesPage />} />
            ) : null}
            {me.areas.includes('engagement') && eventsAvailable(app) ? (
              <Route
                path="events/*"
                element={<EventsPage places={me.places} company={me.company.uid} />}
              />
            ) : null}
            {me.areas.includes('engagement') ? (
              <Route path="polls/*" element={<PollsPage />} />
            ) : null}
            {me.areas.includes('marketing') ? (
              <Route path="landing" element={<LandingEditorPage />} />
            ) : null}
            {me.areas.includes('marketplace') ? (
              <Route path="stores" element={<StoresPage />} />
            ) : null}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}
