/**
 * What the shopper filled in at the checkout, kept for the tab (sessionStorage) so that going
 * back to the cart and forward again, or a reload, finds it as it was. Not one of the spec's
 * local storage keys (those stay exactly as the spec names them): our own prefix, one entry per
 * tenant and place (each place has its own cart), forgotten once the order is placed and when
 * the session closes. Card data and the pickup slot (a time that passes) are never kept.
 */

const PREFIX = 'checkoutDraft:';

/** The fields a draft keeps: shipping, delivery point, billing and comments. */
export const draftFields = [
  'shipping_type',
  'area',
  'address',
  'reference',
  'latitude',
  'longitude',
  'payment_method',
  'first_name',
  'last_name',
  'email',
  'phone',
  'city',
  'billing_address',
  'comments',
] as const;

export type DraftField = (typeof draftFields)[number];

export type CheckoutDraft = Partial<Record<DraftField, string>>;

export function checkoutDraftKey(appUid: string, placeUid: string): string {
  return `${PREFIX}${appUid}:${placeUid}`;
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Only the known fields, as strings, from whatever was stored: never card data. */
export function pickDraft(value: unknown): CheckoutDraft {
  if (!value || typeof value !== 'object') return {};
  const source = value as Record<string, unknown>;
  const draft: CheckoutDraft = {};
  for (const field of draftFields) {
    const v = source[field];
    if (typeof v === 'string') draft[field] = v;
  }
  return draft;
}

export function readCheckoutDraft(key: string): CheckoutDraft {
  try {
    const raw = session()?.getItem(key);
    return raw ? pickDraft(JSON.parse(raw)) : {};
  } catch {
    return {};
  }
}

export function saveCheckoutDraft(key: string, values: unknown): void {
  try {
    session()?.setItem(key, JSON.stringify(pickDraft(values)));
  } catch {
    /* storage full or disabled: the checkout works without a draft */
  }
}

export function forgetCheckoutDraft(key: string): void {
  try {
    session()?.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** Every draft of the tab (the session closed: the next person on this device sees none). */
export function forgetCheckoutDrafts(): void {
  const store = session();
  if (!store) return;
  try {
    for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
  } catch {
    /* ignore */
  }
}
