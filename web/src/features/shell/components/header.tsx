import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../lib/tenant';
import { useCurrentCompany } from '../../../lib/current-company';
import { MenuIcon } from './icons';
import { TabNav } from './tab-nav';

export function Header({
  menuOpen,
  onToggleMenu,
  menuId,
  withNav,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
  menuId: string;
  /** Wide screens: the store's main destinations as a top bar. */
  withNav: boolean;
}) {
  const { t } = useTranslation();
  const app = useTenant();
  const company = useCurrentCompany();
  const logo = company.logo ?? app.logo;
  const name = company.name || app.name;
  return (
    <header className="header">
      <button
        type="button"
        className="icon-button header__menu"
        onClick={onToggleMenu}
        aria-expanded={menuOpen}
        aria-controls={menuId}
        aria-label={t('header.openMenu')}
      >
        <MenuIcon />
        <span className="header__menu-text">{t('menu.title')}</span>
      </button>
      {/* The visible name leads the accessible one (WCAG 2.5.3, label in name). */}
      <Link
        to={company.prefix ? `${company.prefix}/` : '/'}
        className="header__brand"
        aria-label={`${name} - ${t('header.home')}`}
      >
        {logo ? (
          // A square box held until the logo arrives (the store's logo is square; a wider one
          // still fits, as the CSS keeps the height): the name beside it no longer moves.
          <img
            className="header__logo"
            src={logo}
            alt={t('common.logoAlt', { name })}
            width={40}
            height={40}
          />
        ) : null}
        <span className="header__name">{name}</span>
      </Link>
      {withNav ? <TabNav place="top" /> : null}
      <span className="header__spacer" aria-hidden="true" />
    </header>
  );
}
