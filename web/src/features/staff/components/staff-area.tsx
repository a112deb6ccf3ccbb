import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Route, Routes, useLocation, useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { staffCan, type StaffMe } from '@store/contract/staff/schemas';
import { isAdminRole } from '@store/contract/admin/schemas';
import { useStaffMe } from '../../../api/get-staff-me';
import { SelectField } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { PageMessage } from '../../../components/page-message';
import { StaffContext, type StaffSession } from './staff-context';
import { ClientsPage } from './clients-page';
import { CreateClientPage } from './create-client-page';
import { OrdersBoard } from './orders-board';
import { RecordsPage } from './records-page';
import { SkippedDaysPage } from './skipped-days-page';
import { DueSubscriptionsPage } from './due-subscriptions-page';
import { MembersPage } from './members-page';
import '../staff.css';

/** Shown to a signed-in user who is not staff of this store (the server answered 403). */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <PageMessage
      title={t('staff.noAccessTitle')}
      text={t('staff.noAccessText')}
      icon={<LockIcon />}
    >
      <Link className="button button--primary" to="/" data-testid="staff-no-access">
        {t('common.backHome')}
      </Link>
    </PageMessage>
  );
}

function LockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="40"
      height="40"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

/** /staff/*: asks `GET v5/staff/me/` and shows the staff screens only to the store's staff. */
export function StaffArea() {
  const { t } = useTranslation();
  const me = useStaffMe();
  if (me.isPending) return <Loading />;
  if (me.isError)
    return (
      <PageMessage title={t('staff.fetchError')}>
        <button type="button" className="button button--primary" onClick={() => void me.refetch()}>
          {t('staff.retry')}
        </button>
      </PageMessage>
    );
  if (!me.data) return <NoAccess />;
  return <StaffShell me={me.data} />;
}

function StaffShell({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const places = me.places;
  const can = (permission: Parameters<typeof staffCan>[1]) => staffCan(me.role, permission);
  const [chosen, setChosen] = useState<string | null>(null);
  const placeUid =
    chosen && places.some((p) => p.uid === chosen) ? chosen : (places[0]?.uid ?? null);
  const session: StaffSession = { me, places, placeUid, setPlaceUid: setChosen };
  // The counter place serves the client look-up only; the board and the reports filter by place
  // themselves, so elsewhere a second 'Local' select would only confuse.
  const atCounter = useMatch({ path: '/staff', end: true }) !== null;
  const location = useLocation();

  // The staff area has its own navigation: the customer tab bar is hidden while it is open.
  useEffect(() => {
    document.body.classList.add('staff-mode');
    return () => document.body.classList.remove('staff-mode');
  }, []);

  return (
    <StaffContext.Provider value={session}>
      <div className="staff">
        <header className="staff__head">
          <div className="staff__who">
            <h1 className="staff__title">{t('staff.title')}</h1>
            <span className="staff__company">
              {me.company.name} · {t(`staff.role_${me.role}`)}
            </span>
          </div>
          {!atCounter ? null : places.length > 1 ? (
            <SelectField
              className="staff__place"
              label={t('staff.counterPlace')}
              value={placeUid ?? ''}
              onChange={(e) => setChosen(e.target.value)}
              options={places.map((p) => ({ value: p.uid, label: p.name }))}
              data-testid="staff-place"
            />
          ) : places.length === 1 ? (
            <span className="staff__company">
              {t('staff.counterPlace')}: {places[0].name}
            </span>
          ) : null}
        </header>
        <nav className="staff-tabs" aria-label={t('staff.sections')}>
          <NavLink end to="/staff" className="staff-tabs__link">
            {t('staff.tabClients')}
          </NavLink>
          {can('orders') ? (
            <NavLink to="/staff/orders" className="staff-tabs__link">
              {t('staff.tabOrders')}
            </NavLink>
          ) : null}
          {can('orders') ? (
            <NavLink
              to="/staff/subscriptions"
              // Both lists of the tab (due, and the days without an order) keep it lit.
              className={() =>
                /^\/staff\/(subscriptions|skipped-days)/.test(location.pathname)
                  ? 'staff-tabs__link active'
                  : 'staff-tabs__link'
              }
            >
              {t('staff.skippedDays.tab')}
            </NavLink>
          ) : null}
          {can('create_clients') ? (
            <NavLink to="/staff/clients/new" className="staff-tabs__link">
              {t('staff.tabCreate')}
            </NavLink>
          ) : null}
          {can('records') ? (
            <NavLink to="/staff/records" className="staff-tabs__link">
              {t('staff.tabRecords')}
            </NavLink>
          ) : null}
          {can('members') ? (
            <NavLink to="/staff/members" className="staff-tabs__link">
              {t('staff.tabMembers')}
            </NavLink>
          ) : null}
          {isAdminRole(me.role) ? (
            <Link to="/admin" className="staff-tabs__link" data-testid="staff-to-admin">
              {t('staff.tabAdmin')}
            </Link>
          ) : null}
        </nav>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route index element={<ClientsPage />} />
            <Route
              path="clients/new"
              element={can('create_clients') ? <CreateClientPage /> : <NoAccess />}
            />
            <Route path="orders" element={can('orders') ? <OrdersBoard /> : <NoAccess />} />
            <Route
              path="subscriptions"
              element={can('orders') ? <DueSubscriptionsPage /> : <NoAccess />}
            />
            <Route
              path="skipped-days"
              element={can('orders') ? <SkippedDaysPage /> : <NoAccess />}
            />
            <Route path="records" element={can('records') ? <RecordsPage /> : <NoAccess />} />
            <Route path="members" element={can('members') ? <MembersPage /> : <NoAccess />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </div>
    </StaffContext.Provider>
  );
}
