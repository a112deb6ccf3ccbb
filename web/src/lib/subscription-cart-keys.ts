/**
 * Keys of every stored subscription cart (`cartSubscription{placeUid}`): all are cleared after a
 * subscription. Its own file: the cart store is on every first page, the subscription rules
 * (and the order messages they import) only on the subscription checkout.
 */
export function subscriptionCartKeys(keys: readonly string[]): string[] {
  return keys.filter(
    (key) => key.startsWith('cartSubscription') && key.length > 'cartSubscription'.length,
  );
}
