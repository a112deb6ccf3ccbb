/** Query keys of the marketplace store sign-up and review; why keys live here: see ./account.ts. */
export const marketplaceKeys = {
  signupOptions: () => ['marketplace-signup-options'] as const,
  stores: () => ['admin-marketplace-stores'] as const,
  storeList: (filters: object) => ['admin-marketplace-stores', filters] as const,
  onboarding: () => ['admin-onboarding'] as const,
};
