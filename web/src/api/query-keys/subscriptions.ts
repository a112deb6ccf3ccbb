/** Query keys of the subscriptions area; why keys live here: see ./account.ts. */

export const subscriptionKeys = {
  /** Every page of the member's subscriptions. */
  mine: () => ['my-subscriptions'] as const,
  myPage: (page: number) => ['my-subscriptions', page] as const,
};
