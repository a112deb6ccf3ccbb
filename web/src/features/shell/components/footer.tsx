import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isHiddenForMembers, useTenant } from '../../../lib/tenant';
import { useCurrentCompany } from '../../../lib/current-company';
import { useIsLoggedIn } from '../../../lib/session';
import { useRaffleCount } from '../../../lib/company-programs';
import { footerLinks, wantsRaffleCount, type FooterLink } from '../../../lib/nav-rules';
import { BagIcon, GiftIcon, PlusIcon, ReceiptIcon, StoreIcon, TicketIcon } from './icons';

const icons: Record<Exclude<FooterLink['kind'], 'createStore'>, ReactNode> = {
  products: <StoreIcon />,
  program: <GiftIcon />,
  orders: <ReceiptIcon />,
  raffles: <TicketIcon />,
  cart: <BagIcon />,
};

/**
 * Footer navigation (commerce-and-loyalty section 2, rules in lib/nav-rules): products, programs
 * of the current company, orders, raffles when the member has any, cart, the create-store link
 * on the main multisite company, and the powered-by text with the year.
 */
export function Footer() {
  const { t } = useTranslation();
  const app = useTenant();
  const company = useCurrentCompany();
  const loggedIn = useIsLoggedIn();
  const raffleCount = useRaffleCount(
    wantsRaffleCount({ loggedIn, multisite: app.multisite, company }),
  );

  const links = footerLinks({
    loggedIn,
    multisite: app.multisite,
    company,
    hidden: {
      store: isHiddenForMembers(company, 'store'),
      cart: isHiddenForMembers(company, 'cart'),
      program: isHiddenForMembers(company, 'program'),
    },
    programs: app.allowed_programs,
    raffleCount,
    externalLink: app.web_settings.external_link,
  });

  return (
    <footer className="footer">
      {links.length > 0 ? (
        <nav className="footer__nav" aria-label={t('footer.nav')}>
          <ul className="footer__list">
            {links.map((link) =>
              link.kind === 'createStore' ? (
                <li key="create-store">
                  <a
                    className="footer__link"
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <PlusIcon />
                    <span>{t('footer.createStore')}</span>
                  </a>
                </li>
              ) : (
                <li key={link.to}>
                  <NavLink to={link.to} className="footer__link" end={false}>
                    {icons[link.kind]}
                    <span>
                      {link.kind === 'program'
                        ? link.name || t('footer.program')
                        : t(`footer.${link.kind}`)}
                    </span>
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
      ) : null}
      <p className="footer__powered">{t('footer.poweredBy', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
