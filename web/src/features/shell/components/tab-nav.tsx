import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isHiddenForMembers, useTenant } from '../../../lib/tenant';
import { useCurrentCompany } from '../../../lib/current-company';
import { useIsLoggedIn } from '../../../lib/session';
import { useRaffleCount } from '../../../lib/company-programs';
import {
  eventsAvailable,
  footerLinks,
  wantsRaffleCount,
  type FooterLink,
} from '../../../lib/nav-rules';
import { BagIcon, GiftIcon, PlusIcon, ReceiptIcon, StoreIcon, TicketIcon } from './icons';

const icons: Record<Exclude<FooterLink['kind'], 'createStore'>, ReactNode> = {
  products: <StoreIcon />,
  program: <GiftIcon />,
  orders: <ReceiptIcon />,
  raffles: <TicketIcon />,
  cart: <BagIcon />,
  events: <TicketIcon />,
};

/**
 * The store's main destinations (commerce-and-loyalty section 2, rules in lib/nav-rules):
 * products, programs of the current company, orders, raffles when the member has any, cart, the
 * create-store link on the main multisite company. A phone shows them as the tab bar at the
 * bottom, a wide screen as the top bar in the header (`place`); the layout renders one of them.
 */
export function TabNav({ place }: { place: 'top' | 'bottom' }) {
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
    events: eventsAvailable(app),
  });
  if (links.length === 0) return null;

  const block = place === 'top' ? 'top-nav' : 'footer';
  return (
    <nav className={`${block}__nav`} aria-label={t('footer.nav')} data-nav={place}>
      <ul className={`${block}__list`}>
        {links.map((link) =>
          link.kind === 'createStore' ? (
            <li key="create-store">
              <a
                className={`${block}__link`}
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
              <NavLink to={link.to} className={`${block}__link`} end={false}>
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
  );
}
