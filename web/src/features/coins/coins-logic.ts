import type { Redemption } from '@store/contract/loyalty/promotions';

/** The member's orders paid with coins: the redemptions that spent coins, newest first. */
export function coinRedemptions(redemptions: Redemption[]): Redemption[] {
  return redemptions
    .filter((r) => r.coins_spent > 0)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

export function coinsSpent(redemptions: Pick<Redemption, 'coins_spent' | 'status'>[]): number {
  return redemptions.reduce((sum, r) => sum + (r.status === 'CANCELLED' ? 0 : r.coins_spent), 0);
}
