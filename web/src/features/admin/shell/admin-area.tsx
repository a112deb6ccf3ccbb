import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import type { AdminArea as AdminAreaName, AdminMe } from '@store/contract/admin/schemas';
import type { App } from '@store/contract/tenancy/app';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { PageMessage } from '../../../components/page-message';
import { useTenant } from '../../../lib/tenant';
import { eventsAvailable } from '../../../lib/nav-rules';
import { useAdminMe } from '../api/get-admin-me';
import { OrderAlertsBar } from '../../../components/order-alerts-bar';
import { formatMoney } from '../../../lib/format';
import { useFreshOrders, useOrderAlerts, type AnnouncedOrder } from '../../../lib/order-alerts';
import { useRecentOrders, useRefreshAfterNewOrders } from '../orders/api/get-recent-orders';
import { CataloguePage } from '../catalogue/catalogue-page';
import { DashboardPage } from '../dashboard/dashboard-page';
import { ReportsPage } from '../reports/reports-page';
import { SettingsPage } from '../settings/settings-page';
import { CouponsPage } from '../money/coupons-page';
import { DiscountsPage } from '../money/discounts-page';
import { PaymentsPage } from '../money/payments-page';
import { ReceiptsPage } from '../money/receipts-page';
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
import { OwnerOnly, type RefusedScreen } from './owner-only';
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
  /** The whole site's, not a company's: only the main company's team gets it. */
  mainOnly?: true;
}[] = [
  { area: 'dashboard', path: '/admin', label: 'dashboard' },
  { area: 'dashboard', path: '/admin/reports', label: 'reports' },
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
  { area: 'marketing', path: '/admin/landing', label: 'landing', mainOnly: true },
  { area: 'staff', path: '/admin/staff', label: 'staff' },
  { area: 'money', path: '/admin/coupons', label: 'coupons' },
  { area: 'money', path: '/admin/discounts', label: 'discounts' },
  { area: 'money', path: '/admin/payments', label: 'payments' },
  { area: 'money', path: '/admin/receipts', label: 'receipts' },
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

/**
 * While the back office is open, new orders are announced wherever the owner is in it: a chime,
 * a browser notification (with permission), a toast that opens the order, and the order lists
 * and dashboard read again. The switches show on the dashboard and the orders list.
 */
function useNewOrderAlerts(me: AdminMe) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const alerts = useOrderAlerts();
  const recent = useRecentOrders(me.areas.includes('orders'));
  const refresh = useRefreshAfterNewOrders();
  const [last, setLast] = useState<string | null>(null);
  useFreshOrders(recent.data?.results, (fresh) => {
    refresh();
    const text = (o: AnnouncedOrder) => ({
      title: t('admin.alerts.newOrder', { number: o.number }),
      body: t('admin.alerts.newOrderBody', {
        place: o.place.name,
        total: o.coin_total
          ? t('admin.alerts.coins', { count: o.coin_total })
          : formatMoney(o.total, i18n.language),
        shipping: t(`admin.orders.shipping_${o.shipping_type}`),
      }),
    });
    const open = (o: AnnouncedOrder) => navigate(`/admin/orders/${o.uid}`);
    alerts.announce(fresh, text, open);
    for (const o of fresh) {
      const { title, body } = text(o);
      toast.info(`${title} · ${body}`, { toastId: `order-${o.uid}`, onClick: () => open(o) });
    }
    setLast(fresh.map((o) => text(o).title).join('. '));
  });
  return { ...alerts, last };
}

function AdminShell({ me }: { me: AdminMe }) {
  const { t } = useTranslation();
  const app = useTenant();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A chosen screen closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const visible = screens.filter(
    (s) => me.areas.includes(s.area) && (s.when?.(app) ?? true) && (!s.mainOnly || me.main_company),
  );
  const alerts = useNewOrderAlerts(me);
  // A screen of an area this user does not open says whose it is (never "page not found").
  const mine = (area: AdminAreaName, refused: RefusedScreen, screen: ReactNode) =>
    me.areas.includes(area) ? screen : <OwnerOnly screen={refused} me={me} />;
  const showAlerts =
    me.areas.includes('orders') && ['/admin', '/admin/orders'].includes(location.pathname);

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
          {/* The user's own company: a marketplace store's team sees their store, not the
              marketplace (issue 36 row 9). */}
          <span className="admin__store">{me.company.name}</span>
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
            {/* The other console: the counter and its orders board (owners and managers may use it). */}
            <li>
              <Link to="/staff" className="admin__nav-link" data-testid="admin-to-staff">
                {t('admin.nav.toCounter')}
              </Link>
            </li>
          </ul>
        </nav>
        <main className="admin__main">
          {showAlerts ? (
            <OrderAlertsBar
              className="admin__alerts"
              prefix="admin.alerts"
              sound={alerts.sound}
              onToggleSound={alerts.toggleSound}
              permission={alerts.permission}
              onAskPermission={() => void alerts.askPermission()}
              last={alerts.last}
            />
          ) : (
            <span className="visually-hidden" role="status" aria-live="polite">
              {alerts.last ?? ''}
            </span>
          )}
          <Routes>
            <Route index element={<DashboardPage places={me.places} />} />
            {me.areas.includes('dashboard') ? (
              <Route path="reports" element={<ReportsPage places={me.places} />} />
            ) : null}
            {me.areas.includes('catalogue') ? (
              <Route path="catalogue" element={<CataloguePage />} />
            ) : null}
            <Route path="coupons" element={mine('money', 'money', <CouponsPage />)} />
            <Route path="discounts" element={mine('money', 'money', <DiscountsPage />)} />
            <Route path="payments" element={mine('money', 'money', <PaymentsPage />)} />
            <Route path="receipts" element={mine('money', 'money', <ReceiptsPage />)} />
            <Route path="branding" element={mine('branding', 'branding', <BrandingPage />)} />
            <Route
              path="settings"
              element={mine('settings', 'settings', <SettingsPage mainCompany={me.main_company} />)}
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
            <Route
              path="staff"
              element={mine('staff', 'staff', <StaffPage places={me.places} />)}
            />
            {me.areas.includes('members') ? (
              <Route path="members" element={<MembersPage />} />
            ) : null}
            {me.areas.includes('members') ? (
              <Route path="members/:uid" element={<MemberPage />} />
            ) : null}
            {me.areas.includes('promotions') ? (
              <Route path="promotions/*" element={<PromotionsPage places={me.places} />} />
            ) : null}
            <Route path="programs/*" element={mine('loyalty', 'loyalty', <ProgramsPage />)} />
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
              <Route
                path="landing"
                element={
                  me.main_company ? <LandingEditorPage /> : <OwnerOnly screen="landing" me={me} />
                }
              />
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
