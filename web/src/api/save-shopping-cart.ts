import type { Cart, CartInput } from '@store/contract/catalog/cart';
import { api } from './client';

/**
 * `POST v5/me/shopping-cart/`: replaces the member's cart of the place; the server prices the
 * lines. Written by the cart store (local storage), so no query is refreshed.
 */
export function saveShoppingCart(body: CartInput): Promise<Cart> {
  return api.post<Cart>('v5/me/shopping-cart/', body, { query: { place_uid: body.place } });
}
