import { useQueries } from '@tanstack/react-query';
import { memberProgramQuery } from '../api/get-member-program';
import { useCompanyPrograms } from './company-programs';
import { useIsLoggedIn } from './session';

/**
 * The member's coins for paying redeemable products: those of the first program of the current
 * company (in the tenant's order) that has coins and that the member belongs to, as the server
 * picks it for a coins order. `known` is false for visitors and while loading.
 */
export function useMemberCoins(): { coins: number; known: boolean; loading: boolean } {
  const loggedIn = useIsLoggedIn();
  const programs = useCompanyPrograms();
  const results = useQueries({
    queries: programs.map((program) => ({
      ...memberProgramQuery(program.uid),
      enabled: loggedIn,
      retry: false,
    })),
  });
  if (!loggedIn) return { coins: 0, known: false, loading: false };
  const loading = results.some((r) => r.isPending);
  const paying = results.find((r) => r.data?.is_member && r.data.coins_enabled)?.data;
  return { coins: paying?.balances.coins ?? 0, known: !loading, loading };
}

/** A cart paid with coins: every line a redeemable product with a coin price (carts are all-coins or all-money). */
export function isCoinsCart(
  lines: { is_redeemable: boolean; coin_price: number | null }[],
): boolean {
  return lines.length > 0 && lines.every((l) => l.is_redeemable && (l.coin_price ?? 0) > 0);
}

/** Coins of a coins cart, as the server prices it (options with a price are refused there). */
export function cartCoinTotal(lines: { quantity: number; coin_price: number | null }[]): number {
  return lines.reduce((sum, l) => sum + (l.coin_price ?? 0) * l.quantity, 0);
}
