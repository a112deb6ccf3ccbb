/** Query keys of the orders area; why keys live here: see ./account.ts. */

export const orderKeys = {
  /** Every page and filter of the member's orders. */
  mine: () => ['my-orders'] as const,
  myList: (filters: object) => ['my-orders', filters] as const,
  myOrder: (orderUid: string) => ['my-order', orderUid] as const,
};
