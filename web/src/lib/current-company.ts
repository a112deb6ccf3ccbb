import { useMatch } from 'react-router';
import type { Company } from '@store/contract';
import { useTenant } from './tenant';

export type CurrentCompany = Pick<
  Company,
  'uid' | 'name' | 'logo' | 'ecommerce_enabled' | 'benefit_programs_enabled' | 'gamification_system' | 'hidden_for_members'
> & {
  /** The main company of a multisite app (or the only company of a single-site one). */
  isMain: boolean;
  /** '/c/{uid}' in multisite mode, '' otherwise: prefix of company-specific routes. */
  prefix: string;
};

/**
 * The company the visitor is looking at: in multisite mode the one named by /c/{companyUid}/,
 * otherwise the app's company.
 */
export function useCurrentCompany(): CurrentCompany {
  const app = useTenant();
  const match = useMatch('/c/:companyUid/*');
  const uid = app.multisite ? match?.params.companyUid : undefined;
  const main = app.company;
  if (!uid || uid === main.uid) {
    return { ...main, isMain: main.is_main || !app.multisite, prefix: app.multisite ? `/c/${main.uid}` : '' };
  }
  const summary = app.allowed_companies.find((company) => company.uid === uid);
  return {
    uid,
    name: summary?.name ?? main.name,
    logo: summary?.logo ?? main.logo,
    ecommerce_enabled: summary?.ecommerce_enabled ?? false,
    benefit_programs_enabled: false,
    gamification_system: null,
    hidden_for_members: [],
    isMain: false,
    prefix: `/c/${uid}`,
  };
}
