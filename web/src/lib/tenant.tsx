import { createContext, useContext, type ReactNode } from 'react';
import type { App } from '@store/contract';

const TenantContext = createContext<App | null>(null);

export function TenantProvider({ app, children }: { app: App; children: ReactNode }) {
  return <TenantContext.Provider value={app}>{children}</TenantContext.Provider>;
}

/** The app settings of the tenant this page belongs to (resolved from the host name). */
export function useTenant(): App {
  const app = useContext(TenantContext);
  if (!app) throw new Error('useTenant used outside TenantProvider');
  return app;
}

/** Whether a section (cart, store, program) is hidden from members for the given company. */
/** Cart, store and program are all hidden for members: the home is the full-screen logo. */
export function allHiddenForMembers(company: App['company']): boolean {
  return (['cart', 'store', 'program'] as const).every((s) => isHiddenForMembers(company, s));
}

export function isHiddenForMembers(
  company: App['company'],
  section: 'cart' | 'store' | 'program',
): boolean {
  return company.hidden_for_members.some((item) => item.name === section);
}
