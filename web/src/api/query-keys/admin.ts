/** Query keys of the back office; why keys live here: see ./account.ts. */

export const adminKeys = {
  me: (token: string) => ['admin-me', token] as const,
  dashboards: () => ['admin-dashboard'] as const,
  dashboard: (filters: object) => ['admin-dashboard', filters] as const,
  branding: () => ['admin-branding'] as const,
  products: () => ['admin-products'] as const,
  productList: (filters: object) => ['admin-products', filters] as const,
};

/** The owner's money settings (features/admin/money). */
export const adminMoneyKeys = {
  coupons: () => ['admin-coupons'] as const,
  couponList: (filters: object) => ['admin-coupons', filters] as const,
};

export const adminPaymentKeys = {
  methods: () => ['admin-payment-methods'] as const,
  tax: () => ['admin-tax-rule'] as const,
};

/** The company's members (features/admin/members). */
export const adminMemberKeys = {
  lists: () => ['admin-members'] as const,
  list: (filters: object) => ['admin-members', filters] as const,
  member: (uid: string) => ['admin-member', uid] as const,
  history: (uid: string, tab: string, filters: object) =>
    ['admin-member', uid, tab, filters] as const,
};
