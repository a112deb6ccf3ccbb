import { useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, Route, Routes, useParams } from 'react-router';
import { Navigate } from './navigate';
import { useTranslation } from 'react-i18next';
import { storageKeys } from '@store/contract/constants';
import { allHiddenForMembers, isHiddenForMembers, useTenant } from '../lib/tenant';
import { ComingSoon } from '../components/coming-soon';
import { OpensSoon } from '../components/opens-soon';
import { NotFound } from '../components/not-found';
import { Loading } from '../components/loading';
import { MainLayout } from '../features/shell';
import { useRefreshApp } from '../features/tenancy';
import { RequireLogin } from './guards';
import {
  CartPage,
  CategoryPage,
  ChangePasswordPage,
  CheckoutPage,
  CoinOrdersPage,
  EventPage,
  EventsPage,
  PollPage,
  PollsPage,
  RafflePage,
  RafflesPage,
  StaffArea,
  StaffInvitationPage,
  CouponCodePage,
  DeleteAccountRequestPage,
  FaqsPage,
  MultisiteHome,
  MySubscriptionsPage,
  OrderPage,
  OrdersPage,
  PoliticsPage,
  ProgramPage,
  PromotionPage,
  QrPage,
  RedemptionsPage,
  ProfilePage,
  SubscriptionCheckoutPage,
  TermsPage,
} from './lazy-pages';
import { ProductsPage, SubscriptionProductsPage } from '../features/catalog';
import { coinOrdersAvailable, eventsAvailable } from '../lib/nav-rules';
import { isKnownCompany, rememberCompany, useCurrentCompany } from '../lib/current-company';
import { storage } from '../lib/storage';

/** The company's logo alone, centred on the whole screen. */
function FullScreenLogo() {
  const app = useTenant();
  const logo = app.company.logo || app.logo;
  return (
    <main className="full-screen-logo" data-testid="full-screen-logo">
      {logo ? <img src={logo} alt={app.company.name} /> : <h1>{app.company.name}</h1>}
    </main>
  );
}

/**
 * Root of a single-site app: products when the store is on and visible, else the first
 * allowed program, else the events where the tenant has them (a venue whose events are what it
 * offers, issue 36 row 11), else the menu page (carta). Multisite shows the company/category home.
 */
function HomeRoute() {
  const app = useTenant();
  if (app.multisite) return <MultisiteHome />;
  const company = app.company;
  if (company.ecommerce_enabled && !isHiddenForMembers(company, 'store'))
    return <Navigate to="/products" replace />;
  const program =
    app.allowed_programs.find((p) => p.company_uid === company.uid) ?? app.allowed_programs[0];
  if (company.benefit_programs_enabled && program && !isHiddenForMembers(company, 'program')) {
    return <Navigate to={`/program/${program.uid}`} replace />;
  }
  if (eventsAvailable(app)) return <Navigate to="/events" replace />;
  return <Navigate to="/carta" replace />;
}

/**
 * The store front: only with ecommerce and when the store is not hidden from members. A
 * marketplace's own company is no store (it sells nothing itself): its /products is the
 * directory of the stores that do (issue 36 row 10).
 */
function ProductsRoute() {
  const app = useTenant();
  const company = useCurrentCompany();
  if (app.marketplace && app.multisite && company.uid === app.company.uid)
    return <Navigate to="/" replace />;
  if (!company.ecommerce_enabled || isHiddenForMembers(company, 'store')) return <NotFound />;
  return <ProductsPage />;
}

/** Events only where the tenant has them on (app.features.events); elsewhere the route goes home. */
function EventsRoute({ children }: { children: ReactNode }) {
  const app = useTenant();
  return eventsAvailable(app) ? <>{children}</> : <Navigate to="/" replace />;
}

/** /orders/coins only with ecommerce and a gamification system. */
function CoinOrdersRoute() {
  const company = useCurrentCompany();
  return coinOrdersAvailable(company) ? <CoinOrdersPage /> : <NotFound />;
}

/** /subscription: the subscription products, only where the company offers subscriptions and its store is visible. */
function SubscriptionRoute() {
  const company = useCurrentCompany();
  if (!company.subscription_enabled || isHiddenForMembers(company, 'store')) return <NotFound />;
  return <SubscriptionProductsPage />;
}

/**
 * /c/{companyUid}/...: a company of this app becomes (and stays) the current one; others are not
 * found. A child company's pages start with a way back to the marketplace home.
 */
function CompanyScope() {
  const app = useTenant();
  const { t } = useTranslation();
  const { companyUid } = useParams();
  const known = isKnownCompany(app, companyUid);
  useEffect(() => {
    if (known && companyUid) rememberCompany(companyUid);
  }, [known, companyUid]);
  // The tenant (and its companies) is read once per page load: a store approved since then is
  // linked from the marketplace home already. An unknown company is asked for once more before
  // the page says it does not exist.
  const refreshApp = useRefreshApp();
  const [askedFor, setAskedFor] = useState<string | undefined>();
  useEffect(() => {
    if (known || !companyUid || askedFor === companyUid) return;
    void refreshApp().finally(() => setAskedFor(companyUid));
  }, [known, companyUid, askedFor, refreshApp]);
  if (!known) return askedFor === companyUid ? <NotFound /> : <Loading />;
  const child = app.multisite && companyUid !== app.company.uid;
  return (
    <>
      {child ? (
        <p className="company-back">
          <Link to="/" className="company-back__link">
            <span aria-hidden="true">←</span> {t('home.backTo', { name: app.company.name })}
          </Link>
        </p>
      ) : null}
      <Outlet />
    </>
  );
}

/**
 * /c/{companyUid}/: that company's store when it sells online, else its first program; a child
 * company with no place yet opens soon.
 */
function CompanyHome() {
  const app = useTenant();
  const company = useCurrentCompany();
  if (company.ecommerce_enabled && !company.opensSoon) return <Navigate to="products" replace />;
  const program = app.allowed_programs.find((p) => p.company_uid === company.uid);
  if (program) return <Navigate to={`program/${program.uid}`} replace />;
  if (company.opensSoon) return <OpensSoon name={company.name} />;
  return <ComingSoon />;
}

/** /in/{uid}/: remembers the influencer (orders and registrations carry it), then home. */
function InfluencerRoute() {
  const { influencerUid } = useParams();
  useEffect(() => {
    if (influencerUid) storage.set(storageKeys.influencerId, influencerUid);
  }, [influencerUid]);
  return <Navigate to="/" replace />;
}

/** Routes that exist for every company; in multisite mode they also live under /c/{companyUid}/. */
function companyRoutes() {
  return (
    <>
      <Route path="products" element={<ProductsRoute />} />
      <Route path="cart" element={<CartPage />} />
      <Route
        path="checkout"
        element={
          <RequireLogin>
            <CheckoutPage />
          </RequireLogin>
        }
      />
      <Route
        path="orders"
        element={
          <RequireLogin>
            <OrdersPage />
          </RequireLogin>
        }
      />
      <Route
        path="orders/coins"
        element={
          <RequireLogin>
            <CoinOrdersRoute />
          </RequireLogin>
        }
      />
      <Route
        path="orders/:orderUid"
        element={
          <RequireLogin>
            <OrderPage />
          </RequireLogin>
        }
      />
      <Route
        path="raffles"
        element={
          <RequireLogin>
            <RafflesPage />
          </RequireLogin>
        }
      />
      <Route
        path="raffles/:programUid/:raffleUid"
        element={
          <RequireLogin>
            <RafflePage />
          </RequireLogin>
        }
      />
      <Route path="program/:programUid" element={<ProgramPage />} />
      <Route
        path="program/:programUid/promotions/:promotionUid"
        element={
          <RequireLogin>
            <PromotionPage />
          </RequireLogin>
        }
      />
      <Route
        path="program/:programUid/redemptions"
        element={
          <RequireLogin>
            <RedemptionsPage />
          </RequireLogin>
        }
      />
      <Route path="subscription" element={<SubscriptionRoute />} />
      <Route
        path="subscription/checkout"
        element={
          <RequireLogin>
            <SubscriptionCheckoutPage />
          </RequireLogin>
        }
      />
      <Route
        path="subscription/me"
        element={
          <RequireLogin>
            <MySubscriptionsPage />
          </RequireLogin>
        }
      />
      <Route
        path="events"
        element={
          <EventsRoute>
            <EventsPage />
          </EventsRoute>
        }
      />
      <Route
        path="events/:eventUid"
        element={
          <EventsRoute>
            <EventPage />
          </EventsRoute>
        }
      />
      <Route
        path="polls"
        element={
          <RequireLogin>
            <PollsPage />
          </RequireLogin>
        }
      />
      <Route
        path="polls/:programUid/:pollUid"
        element={
          <RequireLogin>
            <PollPage />
          </RequireLogin>
        }
      />
    </>
  );
}

/** The main area inside the shell (header, side menu, footer). */
export function MainRoutes() {
  const app = useTenant();
  const logoOnly = !app.multisite && allHiddenForMembers(app.company);
  return (
    <Routes>
      {/* Nothing of the store is for members (spec): the brand alone, outside the shell. */}
      {logoOnly ? <Route index element={<FullScreenLogo />} /> : null}
      <Route element={<MainLayout />}>
        {logoOnly ? null : <Route index element={<HomeRoute />} />}
        {companyRoutes()}
        <Route
          path="profile"
          element={
            <RequireLogin>
              <ProfilePage />
            </RequireLogin>
          }
        />
        <Route
          path="change-password"
          element={
            <RequireLogin>
              <ChangePasswordPage />
            </RequireLogin>
          }
        />
        <Route
          path="qr"
          element={
            <RequireLogin>
              <QrPage />
            </RequireLogin>
          }
        />
        <Route
          path="delete"
          element={
            <RequireLogin>
              <DeleteAccountRequestPage />
            </RequireLogin>
          }
        />
        {/* The invitee may not be signed in yet, nor staff: outside the staff area. */}
        <Route path="staff/invitation/:uid/:token" element={<StaffInvitationPage />} />
        <Route
          path="staff/*"
          element={
            <RequireLogin>
              <StaffArea />
            </RequireLogin>
          }
        />
        <Route path="politics" element={<PoliticsPage />} />
        <Route path="terms-and-conditions" element={<TermsPage />} />
        <Route path="faqs" element={<FaqsPage />} />
        <Route path="company/:companyUid/code/:code" element={<CouponCodePage />} />
        <Route path="in/:influencerUid" element={<InfluencerRoute />} />
        {app.multisite ? (
          <>
            <Route path="categories/:categoryUid" element={<CategoryPage />} />
            <Route path="c/:companyUid" element={<CompanyScope />}>
              <Route index element={<CompanyHome />} />
              {companyRoutes()}
              <Route path="*" element={<NotFound />} />
            </Route>
          </>
        ) : null}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
