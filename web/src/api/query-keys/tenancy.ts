/** Query keys of the tenancy area; why keys live here: see ./account.ts. */

export const tenancyKeys = {
  appByDomain: (domain: string) => ['apps', 'by-domain', domain] as const,
  categories: (appUid: string, search: string) => ['categories', appUid, { search }] as const,
  allowedCompanies: (appUid: string, category: string) =>
    ['allowed-companies', appUid, { category }] as const,
  landing: (appUid: string) => ['landing', appUid] as const,
  companyAds: (companyUid: string) => ['company-ads', companyUid] as const,
};
