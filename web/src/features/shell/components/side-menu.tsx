import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { useCurrentCompany } from '../../../lib/current-company';
import { useIsLoggedIn } from '../../../lib/session';
import { useMe } from '../../../api/get-me';
import { useStaffMe } from '../../../api/get-staff-me';
import { opensBackOffice } from '@store/contract/admin/roles';
import { useLogout } from '../api/logout';
import { SMALL_MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { eventsAvailable, menuItems, type MenuItemKind } from '../../../lib/nav-rules';
import { LanguageSelector } from './language-selector';
import { CitySelector } from './city-selector';
import {
  CalendarIcon,
  CloseIcon,
  CoinIcon,
  InfoIcon,
  KeyIcon,
  LoginIcon,
  LogoutIcon,
  PollIcon,
  QrIcon,
  ReceiptIcon,
  StoreIcon,
  UserIcon,
} from './icons';

const menuIcons: Record<Exclude<MenuItemKind, 'logout'>, ReactNode> = {
  profile: <UserIcon />,
  qr: <QrIcon />,
  changePassword: <KeyIcon />,
  orders: <ReceiptIcon />,
  coins: <CoinIcon />,
  events: <CalendarIcon />,
  polls: <PollIcon />,
  login: <LoginIcon />,
};

type SideMenuProps = { open: boolean; onClose: () => void; id: string };

function Item({
  to,
  icon,
  children,
  onClose,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <li>
      <NavLink to={to} className="side-menu__link" onClick={onClose}>
        {icon}
        <span>{children}</span>
      </NavLink>
    </li>
  );
}

/**
 * Side menu (300 px); which items show is decided by `menuItems` (lib/nav-rules): profile and
 * order items only when logged in, otherwise a login link; /qr only on small screens;
 * /orders/coins with ecommerce and a gamification system; /events when the tenant has events on.
 */
export function SideMenu({ open, onClose, id }: SideMenuProps) {
  // The drawer's contents (links, the language picker) are built the first time it opens and then
  // kept for its slide: on a phone they were a fifth of the first render's single long task.
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      <div
        className={open ? 'overlay overlay--visible' : 'overlay'}
        onClick={onClose}
        aria-hidden="true"
      />
      <nav
        id={id}
        className={open ? 'side-menu side-menu--open' : 'side-menu'}
        aria-label={t('menu.title')}
        aria-hidden={!open}
      >
        {open || opened ? (
          <SideMenuContents open={open} onClose={onClose} closeRef={closeRef} />
        ) : null}
      </nav>
    </>
  );
}

function SideMenuContents({
  open,
  onClose,
  closeRef,
}: {
  open: boolean;
  onClose: () => void;
  closeRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const app = useTenant();
  const company = useCurrentCompany();
  const loggedIn = useIsLoggedIn();
  const smallScreen = useMediaQuery(SMALL_MOBILE_QUERY);
  const navigate = useNavigate();
  const signOut = useLogout();
  const items = menuItems({ loggedIn, smallScreen, eventsEnabled: eventsAvailable(app), company });
  // The staff entry shows only when the server says this user is staff of the store; the role is
  // asked only of those v5/me/ marks as staff, so a customer's page load makes no 403.
  const me = useMe({ enabled: loggedIn });
  const staff = useStaffMe({ enabled: loggedIn && me.data?.is_staff === true });

  const logout = () => {
    signOut();
    onClose();
    void navigate('/');
  };

  return (
    <>
      <div className="side-menu__head">
        {app.logo ? (
          <img
            className="side-menu__logo"
            src={app.logo}
            alt={t('common.logoAlt', { name: app.name })}
          />
        ) : null}
        <span className="side-menu__name">{company.name || app.name}</span>
        <button
          ref={closeRef}
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('header.closeMenu')}
        >
          <CloseIcon />
        </button>
      </div>
      <ul className="side-menu__list">
        {loggedIn && staff.data ? (
          <Item to="/staff" icon={<StoreIcon />} onClose={onClose}>
            {t('menu.staff')}
          </Item>
        ) : null}
        {loggedIn && staff.data && opensBackOffice(staff.data.role) ? (
          <Item to="/admin" icon={<KeyIcon />} onClose={onClose}>
            {t('menu.admin')}
          </Item>
        ) : null}
        {items.map((item) =>
          item.kind === 'logout' ? (
            <li key="logout">
              <button type="button" className="side-menu__link" onClick={logout}>
                <LogoutIcon />
                <span>{t('menu.logout')}</span>
              </button>
            </li>
          ) : (
            <Item key={item.kind} to={item.to ?? '/'} icon={menuIcons[item.kind]} onClose={onClose}>
              {t(`menu.${item.kind}`)}
            </Item>
          ),
        )}
      </ul>
      <div className="side-menu__section">
        {/* Mounted only while open: its areas load on demand and its label stays unique. */}
        {open ? <CitySelector /> : null}
        <LanguageSelector />
      </div>
      <ul className="side-menu__list side-menu__list--small">
        <Item to="/faqs" icon={<InfoIcon />} onClose={onClose}>
          {t('menu.faqs')}
        </Item>
        <Item to="/terms-and-conditions" icon={<InfoIcon />} onClose={onClose}>
          {t('menu.terms')}
        </Item>
        <Item to="/politics" icon={<InfoIcon />} onClose={onClose}>
          {t('menu.privacy')}
        </Item>
        <Item to="/cookies/" icon={<InfoIcon />} onClose={onClose}>
          {t('menu.cookies')}
        </Item>
      </ul>
    </>
  );
}
