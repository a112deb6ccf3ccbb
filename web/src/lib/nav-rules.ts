/**
 * Which footer links and side-menu items show (commerce-and-loyalty section 2, access-and-shell
 * section 6). Pure functions so the rules are tested without a browser; the shell renders them.
 */

export type NavCompany = {
  uid: string;
  /** '/c/{uid}' in multisite mode, '' otherwise. */
  prefix: string;
  isMain: boolean;
  ecommerce_enabled: boolean;
  benefit_programs_enabled: boolean;
  gamification_system: string | null;
};

export type FooterInput = {
  loggedIn: boolean;
  multisite: boolean;
  company: NavCompany;
  /** hidden_for_members of the app's company. */
  hidden: { store: boolean; cart: boolean; program: boolean };
  programs: { uid: string; name: string; company_uid: string }[];
  /** Raffles the member can see in the current company's programs (0 while unknown). */
  raffleCount: number;
  externalLink: string | null;
  /** The tenant has events on (`eventsAvailable`): they get a tab of their own. */
  events?: boolean;
};

export type FooterLink =
  | { kind: 'products' | 'orders' | 'raffles' | 'cart' | 'events'; to: string }
  | { kind: 'program'; to: string; name: string }
  | { kind: 'createStore'; href: string };

export function footerLinks(input: FooterInput): FooterLink[] {
  const { company, hidden } = input;
  const prefix = company.prefix;
  const isMainMultisite = input.multisite && company.isMain;
  const ecommerce = company.ecommerce_enabled;
  const links: FooterLink[] = [];
  if (ecommerce && !hidden.store) links.push({ kind: 'products', to: `${prefix}/products` });
  // Not in the spec's footer (its events were one tenant's side-menu item): a venue whose events
  // are what it offers needs them one tap from every screen, not only in the menu.
  if (input.events && !isMainMultisite) links.push({ kind: 'events', to: `${prefix}/events` });
  if (input.loggedIn && company.benefit_programs_enabled && !hidden.program) {
    for (const program of input.programs) {
      if (program.company_uid === company.uid)
        links.push({ kind: 'program', to: `${prefix}/program/${program.uid}`, name: program.name });
    }
  }
  if (input.loggedIn && ecommerce) links.push({ kind: 'orders', to: `${prefix}/orders` });
  if (input.raffleCount > 0 && !isMainMultisite)
    links.push({ kind: 'raffles', to: `${prefix}/raffles` });
  if (ecommerce && !isMainMultisite && !hidden.cart)
    links.push({ kind: 'cart', to: `${prefix}/cart` });
  if (isMainMultisite && input.externalLink)
    links.push({ kind: 'createStore', href: input.externalLink });
  return links;
}

/** The raffle count is asked only where the raffles link could show: a signed-in member outside the main multisite company. */
export function wantsRaffleCount(
  input: Pick<FooterInput, 'loggedIn' | 'multisite'> & { company: Pick<NavCompany, 'isMain'> },
): boolean {
  return input.loggedIn && !(input.multisite && input.company.isMain);
}

export type MenuInput = {
  loggedIn: boolean;
  smallScreen: boolean;
  eventsEnabled: boolean;
  company: NavCompany;
};

export type MenuItemKind =
  | 'profile'
  | 'qr'
  | 'changePassword'
  | 'orders'
  | 'coins'
  | 'events'
  | 'polls'
  | 'login'
  | 'logout';
export type MenuItem = { kind: MenuItemKind; to: string | null };

/**
 * Whether the tenant has events (the per-tenant setting that replaced the original's tenant-name
 * rule): the store's /events route and menu item, and the back office's events screen.
 */
export function eventsAvailable(app: { features: { events: boolean } }): boolean {
  return app.features.events;
}

/** /orders/coins needs both ecommerce and a gamification system. */
export function coinOrdersAvailable(
  company: Pick<NavCompany, 'ecommerce_enabled' | 'gamification_system'>,
): boolean {
  return company.ecommerce_enabled && Boolean(company.gamification_system);
}

/**
 * Profile and order items only when logged in, else a login link; /qr on small screens only;
 * /orders/coins with ecommerce and gamification; /events when the tenant has events on.
 * Multisite prefixes the company routes (orders, coins, events, polls) with /c/{uid}.
 */
export function menuItems(input: MenuInput): MenuItem[] {
  const prefix = input.company.prefix;
  const items: MenuItem[] = [];
  if (input.loggedIn) {
    items.push({ kind: 'profile', to: '/profile' });
    if (input.smallScreen) items.push({ kind: 'qr', to: '/qr' });
    items.push({ kind: 'changePassword', to: '/change-password' });
    items.push({ kind: 'orders', to: `${prefix}/orders` });
    if (coinOrdersAvailable(input.company))
      items.push({ kind: 'coins', to: `${prefix}/orders/coins` });
  }
  if (input.eventsEnabled) items.push({ kind: 'events', to: `${prefix}/events` });
  items.push({ kind: 'polls', to: `${prefix}/polls` });
  items.push(input.loggedIn ? { kind: 'logout', to: null } : { kind: 'login', to: '/login' });
  return items;
}
