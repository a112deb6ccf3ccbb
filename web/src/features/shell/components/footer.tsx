import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isHiddenForMembers, useTenant } from '../../../lib/tenant';
import { useCurrentCompany } from '../../../lib/current-company';
import { useIsLoggedIn } from '../../../lib/session';
import { BagIcon, GiftIcon, PlusIcon, ReceiptIcon, StoreIcon } from './icons';

/**
 * Footer navigation (commerce-and-loyalty section 2): products with ecommerce; programs of the
 * current company when logged in with benefit programs; orders when logged in with ecommerce;
 * cart with ecommerce outside the main multisite company; create-store link only on the main
 * multisite company; powered-by text with the year.
 */
export function Footer() {
  const { t } = useTranslation();
  const app = useTenant();
  const company = useCurrentCompany();
  const loggedIn = useIsLoggedIn();
  const prefix = company.prefix;
  const isMainMultisite = app.multisite && company.isMain;
  const ecommerce = company.ecommerce_enabled;

  const programs =
    loggedIn && company.benefit_programs_enabled && !isHiddenForMembers(app.company, 'program')
      ? app.allowed_programs.filter((program) => program.company_uid === company.uid)
      : [];
  const externalLink = app.web_settings.external_link;

  const links = [
    ecommerce && !isHiddenForMembers(app.company, 'store')
      ? { to: `${prefix}/products`, label: t('footer.products'), icon: <StoreIcon /> }
      : null,
    ...programs.map((program) => ({ to: `${prefix}/program/${program.uid}`, label: program.name || t('footer.program'), icon: <GiftIcon /> })),
    loggedIn && ecommerce ? { to: `${prefix}/orders`, label: t('footer.orders'), icon: <ReceiptIcon /> } : null,
    ecommerce && !isMainMultisite && !isHiddenForMembers(app.company, 'cart')
      ? { to: `${prefix}/cart`, label: t('footer.cart'), icon: <BagIcon /> }
      : null,
  ].filter((link) => link !== null);

  return (
    <footer className="footer">
      {links.length > 0 || (isMainMultisite && externalLink) ? (
        <nav className="footer__nav" aria-label={t('footer.nav')}>
          <ul className="footer__list">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="footer__link" end={false}>
                  {link.icon}
                  <span>{link.label}</span>
                </NavLink>
              </li>
            ))}
            {isMainMultisite && externalLink ? (
              <li>
                <a className="footer__link" href={externalLink} target="_blank" rel="noopener noreferrer">
                  <PlusIcon />
                  <span>{t('footer.createStore')}</span>
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
      <p className="footer__powered">{t('footer.poweredBy', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
