import { useSyncExternalStore } from 'react';
import { useMatch } from 'react-router';
import type { App, Company } from '@store/contract';
import { useTenant } from './tenant';

export type CurrentCompany = Company & {
  /** The main company of a multisite app (or the only company of a single-site one). */
  isMain: boolean;
  /** '/c/{uid}' in multisite mode, '' otherwise: prefix of company-specific routes. */
  prefix: string;
  /** A child company with no active place yet (always false for the main company). */
  opensSoon: boolean;
};

/**
 * The company last chosen through /c/{uid}/, kept for the tab (sessionStorage, not one of the
 * spec's localStorage keys) so shared pages such as /profile keep that company's header and footer.
 */
const REMEMBERED_KEY = 'currentCompanyUid';
const listeners = new Set<() => void>();
let remembered: string | null = readRemembered();

function readRemembered(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage.getItem(REMEMBERED_KEY);
  } catch {
    return null;
  }
}

export function rememberCompany(uid: string): void {
  if (remembered === uid) return;
  remembered = uid;
  try {
    window.sessionStorage.setItem(REMEMBERED_KEY, uid);
  } catch {
    /* private mode: remembered for this page load only */
  }
  for (const listener of listeners) listener();
}

function useRememberedCompany(): string | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => remembered,
    () => null,
  );
}

/** Whether a company uid belongs to this app (its main company or an allowed one). */
export function isKnownCompany(app: App, uid: string | undefined): boolean {
  return (
    Boolean(uid) &&
    (uid === app.company.uid || app.allowed_companies.some((company) => company.uid === uid))
  );
}

/** The company with that uid as the shell sees it; the main company when the uid is unknown. */
export function companyFor(app: App, uid: string | null | undefined): CurrentCompany {
  const main = app.company;
  const child =
    uid && uid !== main.uid ? app.allowed_companies.find((company) => company.uid === uid) : null;
  if (!child) {
    return {
      ...main,
      isMain: main.is_main || !app.multisite,
      prefix: app.multisite ? `/c/${main.uid}` : '',
      opensSoon: false,
    };
  }
  // A child company is a whole store of its own: its flags, hidden sections and currency.
  const { opens_soon: opensSoon, ...company } = child;
  return {
    ...company,
    logo: company.logo ?? main.logo,
    isMain: false,
    prefix: `/c/${company.uid}`,
    opensSoon,
  };
}

/**
 * The company the visitor is looking at: in multisite mode the one named by /c/{companyUid}/;
 * on the home of categories the main company; elsewhere the company last chosen. Single-site
 * apps always have their own company.
 */
export function useCurrentCompany(): CurrentCompany {
  const app = useTenant();
  const match = useMatch('/c/:companyUid/*');
  const onHome = useMatch('/');
  const onCategory = useMatch('/categories/:categoryUid');
  const last = useRememberedCompany();
  if (!app.multisite) return companyFor(app, null);
  if (match) return companyFor(app, match.params.companyUid);
  if (onHome || onCategory) return companyFor(app, null);
  return companyFor(app, last);
}
