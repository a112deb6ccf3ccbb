/** Query keys of the back office; why keys live here: see ./account.ts. */

export const adminKeys = {
  me: (token: string) => ['admin-me', token] as const,
  dashboards: () => ['admin-dashboard'] as const,
  dashboard: (filters: object) => ['admin-dashboard', filters] as const,
  branding: () => ['admin-branding'] as const,
  products: () => ['admin-products'] as const,
  productList: (filters: object) => ['admin-products', filters] as const,
  bulkProducts: (filters: object) => ['admin-products', 'bulk', filters] as const,
};

/** The owner's money settings (features/admin/money). */
export const adminMoneyKeys = {
  coupons: () => ['admin-coupons'] as const,
  couponList: (filters: object) => ['admin-coupons', filters] as const,
  discounts: () => ['admin-discounts'] as const,
  discountList: (filters: object) => ['admin-discounts', filters] as const,
};

/** The catalogue's product form and categories (features/admin/catalogue). */
export const adminCatalogueKeys = {
  product: (uid: string) => ['admin-products', 'one', uid] as const,
  categories: () => ['admin-categories'] as const,
};

export const adminPaymentKeys = {
  methods: () => ['admin-payment-methods'] as const,
  unsettled: (page: number) => ['admin-unsettled-charges', page] as const,
  tax: () => ['admin-tax-rule'] as const,
  receiptAccount: () => ['admin-receipt-account'] as const,
  receipts: () => ['admin-receipts'] as const,
  receiptList: (filters: object) => ['admin-receipts', filters] as const,
};

/** The places of the back office (features/admin/places). */
export const adminPlaceKeys = {
  places: () => ['admin-places'] as const,
  placeList: (filters: object) => ['admin-places', 'list', filters] as const,
  place: (uid: string) => ['admin-places', 'one', uid] as const,
};

/** The back office's orders (features/admin/orders). */
export const adminOrderKeys = {
  all: () => ['admin-orders'] as const,
  list: (filters: object) => ['admin-orders', 'list', filters] as const,
  detail: (uid: string) => ['admin-orders', 'detail', uid] as const,
  history: (uid: string) => ['admin-orders', 'history', uid] as const,
  /** The new orders of the last minutes: apart, so refreshing the lists never asks it again. */
  recent: () => ['admin-orders-recent'] as const,
  notifications: () => ['admin-order-notifications'] as const,
};

/** The owner's staff screen (features/admin/staff). */
export const adminStaffKeys = {
  members: () => ['admin-staff-members'] as const,
  invitations: () => ['admin-staff-invitations'] as const,
};

/** The company's members (features/admin/members). */
export const adminMemberKeys = {
  lists: () => ['admin-members'] as const,
  list: (filters: object) => ['admin-members', filters] as const,
  member: (uid: string) => ['admin-member', uid] as const,
  history: (uid: string, tab: string, filters: object) =>
    ['admin-member', uid, tab, filters] as const,
};

/** The store's mail outbox as the owner sees it (features/admin/settings). */
export const adminMailKeys = {
  report: () => ['admin-mail'] as const,
};

/** The back office's promotions (features/admin/promotions). */
export const adminPromotionKeys = {
  all: () => ['admin-promotions'] as const,
  list: (filters: object) => ['admin-promotions', 'list', filters] as const,
  one: (uid: string) => ['admin-promotions', 'one', uid] as const,
};

/** The owner's programs screen (features/admin/programs). */
export const adminProgramKeys = {
  all: () => ['admin-programs'] as const,
  list: (filters: object) => ['admin-programs', 'list', filters] as const,
  one: (uid: string) => ['admin-programs', 'one', uid] as const,
};

/** The company's ads (features/admin/ads). */
export const adminAdKeys = {
  all: () => ['admin-ads'] as const,
  list: (filters: object) => ['admin-ads', 'list', filters] as const,
};

/** The back office's raffles (features/admin/raffles). */
export const adminRaffleKeys = {
  all: () => ['admin-raffles'] as const,
  list: (filters: object) => ['admin-raffles', 'list', filters] as const,
  raffle: (uid: string) => ['admin-raffles', 'one', uid] as const,
  entries: (uid: string, filters: object) => ['admin-raffles', 'entries', uid, filters] as const,
  draw: (uid: string) => ['admin-raffles', 'draw', uid] as const,
  programs: () => ['admin-raffles', 'programs'] as const,
};

/** The back office's events (features/admin/events). */
export const adminEventKeys = {
  all: () => ['admin-events'] as const,
  list: (filters: object) => ['admin-events', 'list', filters] as const,
  one: (uid: string) => ['admin-events', 'one', uid] as const,
};

/** The back office's polls (features/admin/polls). */
export const adminPollKeys = {
  all: () => ['admin-polls'] as const,
  list: (filters: object) => ['admin-polls', 'list', filters] as const,
  poll: (uid: string) => ['admin-polls', 'one', uid] as const,
  results: (uid: string) => ['admin-polls', 'results', uid] as const,
  answers: (uid: string, question: string, filters: object) =>
    ['admin-polls', 'answers', uid, question, filters] as const,
  programs: () => ['admin-polls', 'programs'] as const,
};

/** The landing editor (features/admin/landing). */
export const adminLandingKeys = {
  landing: () => ['admin-landing'] as const,
};

/** Reports and stock that warns (features/admin/reports, dashboard, catalogue). */
export const adminSellingKeys = {
  report: (query: object) => ['admin-reports', query] as const,
  lowStock: (place: string) => ['admin-products', 'low-stock', place] as const,
  movements: (uid: string) => ['admin-products', 'one', uid, 'stock-movements'] as const,
};
