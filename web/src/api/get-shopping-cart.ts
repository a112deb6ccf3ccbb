import type { Cart } from '@store/contract/catalog/cart';
import { api } from './client';

/**
 * `GET v5/me/shopping-cart/?place_uid=`: the member's server cart of a place (401 when
 * anonymous). Read by the cart store, which keeps the cart in local storage, not in the cache.
 */
export function getShoppingCart(placeUid: string): Promise<Cart> {
  return api.get<Cart>('v5/me/shopping-cart/', { query: { place_uid: placeUid } });
}
