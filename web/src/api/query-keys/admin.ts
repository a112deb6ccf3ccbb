/** Query keys of the back office; why keys live here: see ./account.ts. */

export const adminKeys = {
  me: (token: string) => ['admin-me', token] as const,
  dashboards: () => ['admin-dashboard'] as const,
  dashboard: (filters: object) => ['admin-dashboard', filters] as const,
  products: () => ['admin-products'] as const,
  productList: (filters: object) => ['admin-products', filters] as const,
};
